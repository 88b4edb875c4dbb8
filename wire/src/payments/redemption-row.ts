import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** A redemption code as /api/redemption/ lists it (new-api's Redemption, snake_case); administrators only, key included. */
export const redemptionRowSchema = z.object({
  id: nonNegativeInt(),
  /** Who created it. */
  user_id: nonNegativeInt(),
  key: z.string(),
  name: z.string(),
  /** 1 unused, 2 disabled, 3 used. */
  status: z.int(),
  quota: z.int(),
  /** Epoch seconds. */
  created_time: nonNegativeInt(),
  /** Epoch seconds (0 while unused). */
  redeemed_time: nonNegativeInt(),
  /** Who redeemed it (0 while unused). */
  used_user_id: nonNegativeInt(),
  /** Epoch seconds after which it no longer redeems; 0 never expires. */
  expired_time: z.int(),
});
export type RedemptionRow = z.infer<typeof redemptionRowSchema>;
