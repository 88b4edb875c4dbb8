import { channelHealthOf } from '../ops/channel-health.js';
import type { ChangeNotices } from '../ports/hot-state/change-notices.js';
import type { ChannelStore } from '../ports/documents/channel-store.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The console's event with one channel's health (ops/channel-health.ts) after it changed. */
export const OPS_CHANNEL_EVENT = 'ops_channel';

/**
 * When a channel changes (switched off or on automatically, tested, edited) on any gateway, each
 * gateway reads it once and pushes its health, with the reason it was switched off, to its own
 * administrators' consoles. Nothing is read when no administrator has a console open here.
 */
export function pushChannelHealth(notices: ChangeNotices, channels: Pick<ChannelStore, 'byId'>, local: LiveFanout, onError: (error: unknown) => void): () => void {
  return notices.subscribe((kind, id) => {
    if ((kind !== 'channels' && kind !== 'channelHealth') || id === undefined || !local.reachesAdmins()) return;
    channels.byId(id).then((channel) => {
      if (channel) local.toAdmins(OPS_CHANNEL_EVENT, channelHealthOf(channel));
    }, onError);
  });
}
