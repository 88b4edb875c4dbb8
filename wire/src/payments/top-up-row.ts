import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** How a top-up came in: an online payment, or a redeemed code. */
export const topUpKinds = ['online', 'redemption'] as const;
export type TopUpKind = (typeof topUpKinds)[number];

/**
 * A row of the top-up history (GET /api/user/topup): new-api's TopUp fields (snake_case), with
 * `kind` saying how it came in and `quota` what it credited. A code's row: `payment_method`
 * 'redemption', no money, no trade number, created and completed when it was redeemed, status
 * 'success', and the code's `name` (never its key).
 */
export const topUpRowSchema = z.object({
  id: nonNegativeInt(),
  kind: z.enum(topUpKinds),
  user_id: nonNegativeInt(),
  /** Quota units bought. */
  amount: z.number(),
  /** What was paid, in the operator's currency. */
  money: z.number(),
  /** Quota credited. */
  quota: z.int(),
  /** Ours, sent to the payment provider as out_trade_no ('' for a code). */
  trade_no: z.string(),
  /** A code's name ('' for an order). */
  name: z.string(),
  payment_method: z.string(),
  /** Epoch seconds. */
  create_time: nonNegativeInt(),
  /** Epoch seconds (0 while pending). */
  complete_time: nonNegativeInt(),
  /** `pending` or `success`, as new-api keeps it. */
  status: z.string(),
});
export type TopUpRow = z.infer<typeof topUpRowSchema>;
