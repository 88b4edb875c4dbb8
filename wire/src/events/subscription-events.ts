import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt, positiveInt } from '../shared/numbers.js';
import { eventMetadataSchema } from './envelope.js';

/**
 * A user bought a plan with the wallet (issue #41): the ledger takes `price` from the user's quota
 * and settles `holdId`, the hold that reserved it, in one step, so the purchase never takes what
 * calls in flight hold and never leaves the wallet below zero.
 */
export const subscriptionPurchasedSchema = z.object({
  type: z.literal('SubscriptionPurchased'),
  data: z.object({
    userId: positiveInt(),
    username: z.string(),
    subscriptionId: positiveInt(),
    planId: positiveInt(),
    planTitle: z.string(),
    /** Quota units taken from the wallet. */
    price: nonNegativeInt(),
    holdId: nonEmptyText(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});
export type SubscriptionPurchased = z.infer<typeof subscriptionPurchasedSchema>;
