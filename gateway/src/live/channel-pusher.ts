import type { ChangeNotices } from '../ports/hot-state/change-notices.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/**
 * Tells administrators' open consoles that a channel changed (edited, switched off or on by a
 * test, tested, its balance read), so the channel page follows without reloading. Notices reach
 * every gateway, so each pushes to its own sockets only (`fanout` is the local one).
 */
export function pushChannelChanges(notices: ChangeNotices, fanout: LiveFanout): () => void {
  return notices.subscribe((kind, id) => {
    if (kind === 'channels' || kind === 'channelHealth') fanout.toAdmins('channel', { id: id ?? null });
  });
}
