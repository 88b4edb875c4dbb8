import { z } from 'zod';
import type { ChannelInfoRow } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';

/** A key's status in new-api's multi_key_status_list (a missing index is enabled). */
export const KeyStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;

/** JSON object keys are text; new-api writes its Go map[int]… with decimal index keys. */
const byIndex = <T extends z.ZodType>(value: T) => z.record(z.string(), value).nullish().transform((map) => map ?? {});

/** new-api's ChannelInfo, as its channel_info column holds it. */
const channelInfoShape = z.object({
  is_multi_key: z.boolean().catch(false),
  multi_key_size: z.number().int().nonnegative().catch(0),
  multi_key_status_list: byIndex(z.number().int()).catch({}),
  multi_key_disabled_reason: byIndex(z.string()).catch({}),
  multi_key_disabled_time: byIndex(z.number()).catch({}),
  multi_key_polling_index: z.number().int().nonnegative().catch(0),
  multi_key_mode: z.enum(['random', 'polling']).catch('random'),
});
export type ChannelInfo = z.infer<typeof channelInfoShape>;

const SINGLE_KEY: ChannelInfo = channelInfoShape.parse({});

/** The stored channel_info, or a single-key channel's when it is empty or unreadable (an import's odd row). */
export function channelInfoOf(channel: Pick<Channel, 'channelInfo'>): ChannelInfo {
  if (!channel.channelInfo) return SINGLE_KEY;
  try {
    return channelInfoShape.parse(JSON.parse(channel.channelInfo));
  } catch {
    return SINGLE_KEY;
  }
}

export const channelInfoText = (info: ChannelInfo): string => JSON.stringify(info);

/** A channel's keys: one per line for a multi-key channel (blank lines dropped), else the whole key. */
export function keysOf(channel: Pick<Channel, 'key' | 'channelInfo'>): string[] {
  if (!channelInfoOf(channel).is_multi_key) return [channel.key];
  return channel.key.split('\n').map((key) => key.trim()).filter(Boolean);
}

export const keyStatus = (info: ChannelInfo, index: number): number => info.multi_key_status_list[String(index)] ?? KeyStatus.Enabled;

/** channel_info for the list and reads: reasons and times stay out, as new-api clears them (clearChannelInfo). */
export function channelInfoRow(channel: Pick<Channel, 'channelInfo'>): ChannelInfoRow {
  const info = channelInfoOf(channel);
  return {
    is_multi_key: info.is_multi_key,
    multi_key_size: info.multi_key_size,
    multi_key_status_list: Object.keys(info.multi_key_status_list).length > 0 ? info.multi_key_status_list : null,
    multi_key_polling_index: info.multi_key_polling_index,
    multi_key_mode: info.is_multi_key ? info.multi_key_mode : '',
  };
}

/** The channel with one key: a multi-key channel's first enabled one (a test or a balance read asks with one key, as new-api). */
export function withFirstEnabledKey(channel: Channel): Channel {
  const info = channelInfoOf(channel);
  if (!info.is_multi_key) return channel;
  const keys = keysOf(channel);
  const index = keys.findIndex((_, i) => keyStatus(info, i) === KeyStatus.Enabled);
  return { ...channel, key: keys[Math.max(index, 0)] ?? '' };
}
