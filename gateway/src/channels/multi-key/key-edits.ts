import type { Channel } from '../../ports/documents/channel-store.js';
import { type ChannelInfo, channelInfoOf, channelInfoText, keysOf } from './channel-info.js';

export type MultiKeyMode = ChannelInfo['multi_key_mode'];

export const keyLines = (text: string): string[] => text.split('\n').map((key) => key.trim()).filter(Boolean);

/** new-api's multi_to_single: every key line in one channel, all enabled. */
export function multiKeyInfo(keys: string[], mode: MultiKeyMode): string {
  return channelInfoText({ ...channelInfoOf({ channelInfo: '' }), is_multi_key: true, multi_key_size: keys.length, multi_key_mode: mode });
}

/**
 * A PUT of a multi-key channel (new-api's UpdateChannel): `multi_key_mode` switches random and
 * polling; a key sent with `key_mode` "append" adds the new lines not there yet, keeping each key's
 * status; otherwise the keys sent replace the stored ones, all enabled again.
 */
export function multiKeyPatch(stored: Channel, edit: { key?: string; keyMode?: string; mode?: MultiKeyMode }): Partial<Channel> {
  const info = channelInfoOf(stored);
  if (!info.is_multi_key) return edit.key ? { key: edit.key.trim() } : {};
  let next: ChannelInfo = edit.mode ? { ...info, multi_key_mode: edit.mode } : info;
  let key: string | undefined;
  const sent = keyLines(edit.key ?? '');
  if (sent.length > 0) {
    const current = keysOf(stored);
    const keys = edit.keyMode === 'append' ? [...current, ...sent.filter((k, i) => !current.includes(k) && sent.indexOf(k) === i)] : sent;
    if (edit.keyMode !== 'append') next = { ...next, multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {}, multi_key_polling_index: 0 };
    next = { ...next, multi_key_size: keys.length };
    key = keys.join('\n');
  }
  return { channelInfo: channelInfoText(next), ...(key === undefined ? {} : { key }) };
}
