import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt, positiveInt } from '../shared/numbers.js';
import { eventMetadataSchema } from './envelope.js';

/** What an account held in the system it was imported from: the opening of its Tollgate balance. */
const openingAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    quota: z.int(),
    usedQuota: z.int(),
    requestCount: nonNegativeInt(),
    affQuota: z.int(),
    affHistoryQuota: z.int(),
    affCount: nonNegativeInt(),
  }),
  z.object({
    kind: z.literal('token'),
    tokenId: positiveInt(),
    remainQuota: z.int(),
    usedQuota: z.int(),
    unlimited: z.boolean(),
  }),
  z.object({ kind: z.literal('channel'), channelId: positiveInt(), usedQuota: z.int() }),
]);

/**
 * An account was imported from another gateway (new-api, one-api) with the balance it held
 * there, so the audit (balances = fold of the log) holds from the first moment. The event id is
 * derived from the source row, so a second import appends duplicates every store skips. `userId`
 * is the owner (0 for a channel, which has none); not logged (the source's own log rows are).
 */
export const openingBalanceRecordedSchema = z.object({
  type: z.literal('OpeningBalanceRecorded'),
  data: z.object({
    /** Where the balance came from, e.g. `new-api`. */
    source: nonEmptyText(),
    userId: nonNegativeInt(),
    account: openingAccountSchema,
  }),
  metadata: eventMetadataSchema,
});
export type OpeningBalanceRecorded = z.infer<typeof openingBalanceRecordedSchema>;
export type OpeningAccount = OpeningBalanceRecorded['data']['account'];
