import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** One token's or one model's use this month. */
export const usageShareSchema = z.object({
  name: z.string(),
  quota: z.int(),
  requests: nonNegativeInt(),
  tokens: nonNegativeInt(),
});
export type UsageShare = z.infer<typeof usageShareSchema>;

const spendSchema = z.object({ quota: z.int(), requests: nonNegativeInt() });

/** GET /api/user/self/usage: a user's own spend, burn rate and run-out date. */
export const selfUsageSchema = z.object({
  /** Epoch seconds the answer was made at. */
  now: nonNegativeInt(),
  balance: z.int(),
  today: spendSchema,
  month: spendSchema,
  burn: z.object({ window_days: nonNegativeInt(), quota: z.int(), quota_per_day: z.number() }),
  /** Epoch seconds; null while nothing is being spent. */
  runs_out_at: z.nullable(z.int()),
  by_token: z.array(usageShareSchema),
  by_model: z.array(usageShareSchema),
});
export type SelfUsage = z.infer<typeof selfUsageSchema>;
