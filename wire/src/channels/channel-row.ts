import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/**
 * new-api's channel_info as the list and reads show it: whether the channel holds several keys
 * (one per line), how a call picks one, and each key's status by index (1 enabled, 2 disabled by
 * an admin, 3 disabled automatically; a missing index is enabled). Reasons and times are read
 * through POST /api/channel/multi_key/manage.
 */
export const channelInfoSchema = z.object({
  is_multi_key: z.boolean(),
  multi_key_size: nonNegativeInt(),
  multi_key_status_list: z.nullable(z.record(z.string(), z.int())),
  multi_key_polling_index: nonNegativeInt(),
  multi_key_mode: z.enum(['random', 'polling', '']),
});
export type ChannelInfoRow = z.infer<typeof channelInfoSchema>;

/** A channel as GET /api/channel/ lists and reads it (new-api's Channel, snake_case); reads never carry the key. */
export const channelRowSchema = z.object({
  id: nonNegativeInt(),
  /** A `ChannelType` id; a number, since an imported channel may carry one not known here. */
  type: nonNegativeInt(),
  name: z.string(),
  /** A `ChannelStatus`. */
  status: nonNegativeInt(),
  base_url: z.string(),
  /** The type's extra setting: Azure's API version, Xunfei's model version, a region, a knowledge base. */
  other: z.string(),
  /** Comma-separated. */
  models: z.string(),
  /** Comma-separated. */
  group: z.string(),
  /** JSON text. */
  model_mapping: z.string(),
  /** JSON text. */
  status_code_mapping: z.string(),
  openai_organization: z.string(),
  test_model: z.string(),
  /** 1: switched off automatically on failures. */
  auto_ban: z.int(),
  priority: z.int(),
  weight: nonNegativeInt(),
  balance: z.number(),
  used_quota: z.int(),
  /** Milliseconds the last test took. */
  response_time: nonNegativeInt(),
  /** Epoch seconds (0: never). */
  test_time: nonNegativeInt(),
  balance_updated_time: nonNegativeInt(),
  created_time: nonNegativeInt(),
  /** JSON text: why and when it was switched off automatically. */
  other_info: z.string(),
  /** Channels sharing a tag are listed, switched and edited together ('' for none). */
  tag: z.string(),
  remark: z.string(),
  /** JSON text: new-api's channel setting (force_format, proxy, system_prompt, ...). */
  setting: z.string(),
  /** JSON text merged into the upstream request body. */
  param_override: z.string(),
  /** JSON text: headers set on the upstream request; `{api_key}` stands for the key used. */
  header_override: z.string(),
  channel_info: channelInfoSchema,
  /** JSON text: new-api's other settings, here the upstream_model_update_* fields (detection switches, the changes found). */
  settings: z.string(),
});
export type ChannelRow = z.infer<typeof channelRowSchema>;

/** The fields the console's editor sends (POST/PUT /api/channel/): the writable ones, and the key (empty: keep the stored one). */
export type ChannelInput = Pick<
  ChannelRow,
  'type' | 'name' | 'base_url' | 'other' | 'models' | 'group' | 'model_mapping' | 'status_code_mapping' | 'openai_organization' | 'test_model' | 'auto_ban' | 'priority' | 'weight' | 'tag' | 'remark' | 'setting' | 'param_override' | 'header_override'
> & Partial<Pick<ChannelRow, 'settings'>> & { key: string };
