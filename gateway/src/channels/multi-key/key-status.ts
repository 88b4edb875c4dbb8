import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';
import { type ChannelStatusDeps, disableAutomatically } from '../channel-status.js';
import { channelInfoOf, channelInfoText, KeyStatus, keyStatus, keysOf } from './channel-info.js';

/** new-api's reason when the last key of a multi-key channel went. */
export const ALL_KEYS_DISABLED = 'All keys are disabled';

/**
 * Switches one key of a multi-key channel off by itself (new-api's handlerMultiKeyUpdate), with
 * its reason and time; when no enabled key is left the channel itself is switched off. Read
 * fresh from the store, so two failures of different keys do not undo each other.
 */
export async function disableKeyAutomatically(deps: ChannelStatusDeps, channelId: number, index: number, reason: string, now = Date.now()): Promise<void> {
  const channel = await deps.channels.byId(channelId);
  if (!channel || channel.status !== ChannelStatus.Enabled) return;
  const info = channelInfoOf(channel);
  if (keyStatus(info, index) !== KeyStatus.Enabled) return;
  const at = String(index);
  info.multi_key_status_list[at] = KeyStatus.AutoDisabled;
  info.multi_key_disabled_reason[at] = reason;
  info.multi_key_disabled_time[at] = Math.floor(now / 1000);
  const updated: Channel = { ...channel, channelInfo: channelInfoText(info) };
  await deps.channels.update(channelId, { channelInfo: updated.channelInfo });
  deps.notices.publish('channels', channelId);
  const anyEnabled = keysOf(updated).some((_, i) => keyStatus(info, i) === KeyStatus.Enabled);
  if (!anyEnabled) await disableAutomatically(deps, updated, ALL_KEYS_DISABLED, now);
}
