import type { Channel } from '../../ports/documents/channel-store.js';
import { type ChannelInfo, channelInfoOf, channelInfoText, KeyStatus, keyStatus, keysOf } from './channel-info.js';

/** One key as new-api's get_key_status lists it: a 10-character preview, never the key. */
export interface KeyStatusRow {
  index: number;
  status: number;
  disabled_time?: number;
  reason?: string;
  key_preview: string;
}

/** What a manage action answers: a refusal, or the channel's new keys and channel_info with new-api's message. */
export type KeyActionResult = { refused: string } | { patch: Partial<Channel>; message: string; data?: unknown };

const preview = (key: string) => (key.length > 10 ? `${key.slice(0, 10)}...` : key);

export function keyStatusRows(channel: Channel): KeyStatusRow[] {
  const info = channelInfoOf(channel);
  return keysOf(channel).map((key, index) => {
    const status = keyStatus(info, index);
    const row: KeyStatusRow = { index, status, key_preview: preview(key) };
    if (status === KeyStatus.Enabled) return row;
    return { ...row, disabled_time: info.multi_key_disabled_time[String(index)] ?? 0, reason: info.multi_key_disabled_reason[String(index)] ?? '' };
  });
}

const save = (info: ChannelInfo, message: string, keys?: string[], data?: unknown): KeyActionResult => ({
  patch: { channelInfo: channelInfoText({ ...info, multi_key_size: keys?.length ?? info.multi_key_size }), ...(keys ? { key: keys.join('\n') } : {}) },
  message,
  ...(data === undefined ? {} : { data }),
});

const without = <T>(map: Record<string, T>, at: string) => Object.fromEntries(Object.entries(map).filter(([index]) => index !== at));

/** An admin's switch of one key: disabled by hand, or enabled again (its status, reason and time dropped, as new-api). */
function withStatus(info: ChannelInfo, index: number, status: number): ChannelInfo {
  const at = String(index);
  if (status !== KeyStatus.Enabled) return { ...info, multi_key_status_list: { ...info.multi_key_status_list, [at]: status } };
  return { ...info, multi_key_status_list: without(info.multi_key_status_list, at), multi_key_disabled_reason: without(info.multi_key_disabled_reason, at), multi_key_disabled_time: without(info.multi_key_disabled_time, at) };
}

/** The keys kept (`keep(status)`), their statuses, reasons and times moved to their new indexes. */
function keepKeys(channel: Channel, keep: (index: number, status: number) => boolean): { keys: string[]; info: ChannelInfo } {
  const info = channelInfoOf(channel);
  const next: ChannelInfo = { ...info, multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {} };
  const keys: string[] = [];
  keysOf(channel).forEach((key, index) => {
    const status = keyStatus(info, index);
    if (!keep(index, status)) return;
    const from = String(index);
    const to = String(keys.length);
    keys.push(key);
    if (status === KeyStatus.Enabled) return;
    next.multi_key_status_list[to] = status;
    if (Object.hasOwn(info.multi_key_disabled_reason, from)) next.multi_key_disabled_reason[to] = info.multi_key_disabled_reason[from] ?? '';
    if (Object.hasOwn(info.multi_key_disabled_time, from)) next.multi_key_disabled_time[to] = info.multi_key_disabled_time[from] ?? 0;
  });
  return { keys, info: next };
}

/** new-api's ManageMultiKeys actions that change the channel (get_key_status reads, in the route). */
export function keyAction(channel: Channel, action: string, keyIndex: number | undefined): KeyActionResult {
  const info = channelInfoOf(channel);
  const size = keysOf(channel).length;
  const indexed = (missing: string, run: (index: number) => KeyActionResult): KeyActionResult => {
    if (keyIndex === undefined) return { refused: missing };
    if (keyIndex < 0 || keyIndex >= size) return { refused: '密钥索引超出范围' };
    return run(keyIndex);
  };
  switch (action) {
    case 'disable_key':
      return indexed('未指定要禁用的密钥索引', (index) => save(withStatus(info, index, KeyStatus.ManuallyDisabled), '密钥已禁用'));
    case 'enable_key':
      return indexed('未指定要启用的密钥索引', (index) => save(withStatus(info, index, KeyStatus.Enabled), '密钥已启用'));
    case 'enable_all_keys':
      return save({ ...info, multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {} }, `已启用 ${Object.keys(info.multi_key_status_list).length} 个密钥`);
    case 'disable_all_keys': {
      const enabled = [...Array(size).keys()].filter((index) => keyStatus(info, index) === KeyStatus.Enabled);
      if (enabled.length === 0) return { refused: '没有可禁用的密钥' };
      return save(enabled.reduce((next, index) => withStatus(next, index, KeyStatus.ManuallyDisabled), info), `已禁用 ${enabled.length} 个密钥`);
    }
    case 'delete_key':
      return indexed('未指定要删除的密钥索引', (index) => {
        const kept = keepKeys(channel, (i) => i !== index);
        return kept.keys.length === 0 ? { refused: '不能删除最后一个密钥' } : save(kept.info, '密钥已删除', kept.keys);
      });
    case 'delete_disabled_keys': {
      const kept = keepKeys(channel, (_, status) => status !== KeyStatus.AutoDisabled);
      const deleted = size - kept.keys.length;
      if (deleted === 0) return { refused: '没有需要删除的自动禁用密钥' };
      return save(kept.info, `已删除 ${deleted} 个自动禁用的密钥`, kept.keys, deleted);
    }
    default:
      return { refused: '不支持的操作' };
  }
}
