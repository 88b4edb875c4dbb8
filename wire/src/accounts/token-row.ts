import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** An API key as /api/token/ lists it (new-api's Token, snake_case); `key` is masked and has no `sk-` prefix. */
export const tokenRowSchema = z.object({
  id: nonNegativeInt(),
  user_id: nonNegativeInt(),
  key: z.string(),
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted (the last two as shown, not stored). */
  status: z.int(),
  name: z.string(),
  created_time: z.int(),
  accessed_time: z.int(),
  /** Epoch seconds, -1: never. */
  expired_time: z.int(),
  remain_quota: z.int(),
  unlimited_quota: z.boolean(),
  used_quota: z.int(),
  model_limits_enabled: z.boolean(),
  /** Comma-separated. */
  model_limits: z.string(),
  /** One address or range per line. */
  allow_ips: z.string(),
  group: z.string(),
});
export type TokenRow = z.infer<typeof tokenRowSchema>;
