import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt, positiveInt } from '../shared/numbers.js';
import { eventMetadataSchema } from './envelope.js';

/** The ratios and timings a consume row shows in its `other` JSON (spec: log entry). */
export const usageOtherSchema = z.catchall(
  z.object({
    model_ratio: z.number(),
    completion_ratio: z.number(),
    group_ratio: z.number(),
    model_price: z.number(),
    frt: z.number(),
  }),
  z.unknown(),
);

/** A relayed request finished and cost `quota` (already priced by the gateway). */
export const usageRecordedSchema = z.object({
  type: z.literal('UsageRecorded'),
  data: z.object({
    requestId: z.string(),
    holdId: z.string(),
    userId: positiveInt(),
    username: z.string(),
    tokenId: nonNegativeInt(),
    tokenName: z.string(),
    channelId: nonNegativeInt(),
    model: z.string(),
    group: z.string(),
    promptTokens: nonNegativeInt(),
    completionTokens: nonNegativeInt(),
    quota: nonNegativeInt(),
    isStream: z.boolean(),
    /** Whole request time in milliseconds. */
    useTimeMs: nonNegativeInt(),
    content: z.string(),
    other: usageOtherSchema,
    /** False when consume logging (LogConsumeEnabled) was off: billed all the same, shown in no log. Absent in older events: logged. */
    logged: z.optional(z.boolean()),
    /**
     * The subscription that paid for the call instead of the wallet (issue #41): the ledger takes
     * nothing from the user's quota for it; the call still counts in used quota, requests and the
     * token's quota. Absent: the wallet paid.
     */
    subscriptionId: z.optional(positiveInt()),
    /**
     * The windows of that subscription the call counted in (their keys, as the hold took them, and
     * their ends): the embedded log keeps what each window counted durably from them, so a
     * restarted gateway's windows start where they were (issue #41). Absent: the wallet paid.
     */
    subscriptionWindows: z.optional(z.array(z.object({ key: nonEmptyText(), endsAt: nonNegativeInt() }))),
  }),
  metadata: eventMetadataSchema,
});
export type UsageRecorded = z.infer<typeof usageRecordedSchema>;
