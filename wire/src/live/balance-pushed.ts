import { z } from 'zod/mini';
import { nonNegativeInt, positiveInt } from '../shared/numbers.js';

/** The `balance` push: a user's balance after the ledger applied an event, to that user's consoles. */
export const balancePushedSchema = z.object({
  userId: positiveInt(),
  quota: z.int(),
  usedQuota: z.int(),
  requestCount: nonNegativeInt(),
});
export type BalancePushed = z.infer<typeof balancePushedSchema>;
