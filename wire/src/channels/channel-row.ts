import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

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
});
export type ChannelRow = z.infer<typeof channelRowSchema>;

/** The fields the console's editor sends (POST/PUT /api/channel/): the writable ones, and the key (empty: keep the stored one). */
export type ChannelInput = Pick<
  ChannelRow,
  'type' | 'name' | 'base_url' | 'other' | 'models' | 'group' | 'model_mapping' | 'status_code_mapping' | 'openai_organization' | 'test_model' | 'auto_ban' | 'priority' | 'weight'
> & { key: string };
