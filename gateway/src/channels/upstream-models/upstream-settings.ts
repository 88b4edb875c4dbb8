import { z } from 'zod';
import type { Channel } from '../../ports/documents/channel-store.js';

const names = z.array(z.string()).catch([]);

/** new-api's upstream_model_update_* fields of a channel's `settings`; other fields there are kept as they are. */
const upstreamSettingsSchema = z.looseObject({
  upstream_model_update_check_enabled: z.boolean().catch(false).default(false),
  upstream_model_update_auto_sync_enabled: z.boolean().catch(false).default(false),
  upstream_model_update_last_check_time: z.number().catch(0).default(0),
  upstream_model_update_last_detected_models: names.default([]),
  upstream_model_update_last_removed_models: names.default([]),
  upstream_model_update_ignored_models: names.default([]),
});

export type UpstreamSettings = z.infer<typeof upstreamSettingsSchema>;

/** The channel's settings; unreadable text reads as none. */
export function upstreamSettingsOf(channel: Channel): UpstreamSettings {
  let parsed: unknown = {};
  try {
    parsed = channel.settings ? JSON.parse(channel.settings) : {};
  } catch {
    parsed = {};
  }
  const read = upstreamSettingsSchema.safeParse(parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {});
  return read.success ? read.data : upstreamSettingsSchema.parse({});
}

/** A channel's model list as names. */
export const modelsOf = (channel: Channel) => channel.models.split(',');

/** The channel's model mapping, source -> target, for the names it lets the channel serve. */
export function mappingOf(channel: Channel): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(channel.modelMapping || '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0].trim() !== '' && entry[1].trim() !== ''));
  } catch {
    return {};
  }
}
