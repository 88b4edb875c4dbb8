import { z } from 'zod/mini';
import { LogType } from '../logs/log-type.js';
import { nonEmptyText, nonNegativeInt, positiveInt } from '../shared/numbers.js';
import { eventMetadataSchema } from './envelope.js';

/** An admin set a user's quota (log type 3); `delta` is what the ledger adds. */
export const quotaAdjustedSchema = z.object({
  type: z.literal('QuotaAdjusted'),
  data: z.object({
    userId: positiveInt(),
    username: z.string(),
    adminId: nonNegativeInt(),
    delta: z.int(),
    content: z.string(),
    /**
     * A decrease's hold on what the user could spend (issue #23): applying the event settles it, so
     * the debit never takes the part of the balance that calls in flight hold. Added after the first
     * version of this event: increases and older events carry none.
     */
    holdId: z.optional(nonEmptyText()),
  }),
  metadata: eventMetadataSchema,
});
export type QuotaAdjusted = z.infer<typeof quotaAdjustedSchema>;

/** Quota given by the system (new-user grant, invite reward): log type 4, or 1 for top-ups. */
export const quotaGrantedSchema = z.object({
  type: z.literal('QuotaGranted'),
  data: z.object({
    userId: positiveInt(),
    username: z.string(),
    amount: z.int(),
    logType: z.union([z.literal(LogType.TopUp), z.literal(LogType.System)]),
    content: z.string(),
    /**
     * What paid for a top-up (log type 1): an online payment or a redemption code, so a statement
     * can tell them apart. Added after the first version of this event: older top-ups carry none
     * (see the ledger's `topUpSourceOf`).
     */
    source: z.optional(z.enum(['payment', 'redemption'])),
  }),
  metadata: eventMetadataSchema,
});
export type QuotaGranted = z.infer<typeof quotaGrantedSchema>;

/** A token's remaining quota was set by its owner (create or edit); not logged. */
export const tokenQuotaSetSchema = z.object({
  type: z.literal('TokenQuotaSet'),
  data: z.object({
    userId: positiveInt(),
    tokenId: positiveInt(),
    remainQuota: z.int(),
    unlimited: z.boolean(),
    /**
     * A lowering's hold on what the token could still spend (issue #23), settled with the event, so
     * calls in flight never find the new remaining quota short. Added after the first version of
     * this event: a token's creation, a raise and older events carry none.
     */
    holdId: z.optional(nonEmptyText()),
  }),
  metadata: eventMetadataSchema,
});
export type TokenQuotaSet = z.infer<typeof tokenQuotaSetSchema>;
