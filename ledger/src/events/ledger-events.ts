import { z } from 'zod';
import { eventMetadataSchema } from './envelope.js';

/** The log-row types of the spec: 1 top-up, 2 consume, 3 admin, 4 system. */
export const LogType = { TopUp: 1, Consume: 2, Admin: 3, System: 4 } as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/** The ratios and timings a consume row shows in its `other` JSON (spec: log entry). */
export const usageOtherSchema = z
  .object({
    model_ratio: z.number(),
    completion_ratio: z.number(),
    group_ratio: z.number(),
    model_price: z.number(),
    frt: z.number(),
  })
  .catchall(z.unknown());

/** A relayed request finished and cost `quota` (already priced by the gateway). */
export const usageRecordedSchema = z.object({
  type: z.literal('UsageRecorded'),
  data: z.object({
    requestId: z.string(),
    holdId: z.string(),
    userId: z.number().int().positive(),
    username: z.string(),
    tokenId: z.number().int().nonnegative(),
    tokenName: z.string(),
    channelId: z.number().int().nonnegative(),
    model: z.string(),
    group: z.string(),
    promptTokens: z.number().int().nonnegative(),
    completionTokens: z.number().int().nonnegative(),
    quota: z.number().int().nonnegative(),
    isStream: z.boolean(),
    /** Whole request time in milliseconds. */
    useTimeMs: z.number().int().nonnegative(),
    content: z.string(),
    other: usageOtherSchema,
    /** False when consume logging (LogConsumeEnabled) was off: billed all the same, shown in no log. Absent in older events: logged. */
    logged: z.boolean().optional(),
  }),
  metadata: eventMetadataSchema,
});

/** An admin set a user's quota (log type 3); `delta` is what the ledger adds. */
export const quotaAdjustedSchema = z.object({
  type: z.literal('QuotaAdjusted'),
  data: z.object({
    userId: z.number().int().positive(),
    username: z.string(),
    adminId: z.number().int().nonnegative(),
    delta: z.number().int(),
    content: z.string(),
    /**
     * A decrease's hold on what the user could spend (issue #23): applying the event settles it, so
     * the debit never takes the part of the balance that calls in flight hold. Added after the first
     * version of this event: increases and older events carry none.
     */
    holdId: z.string().min(1).optional(),
  }),
  metadata: eventMetadataSchema,
});

/** Quota given by the system (new-user grant, invite reward): log type 4, or 1 for top-ups. */
export const quotaGrantedSchema = z.object({
  type: z.literal('QuotaGranted'),
  data: z.object({
    userId: z.number().int().positive(),
    username: z.string(),
    amount: z.number().int(),
    logType: z.union([z.literal(LogType.TopUp), z.literal(LogType.System)]),
    content: z.string(),
    /**
     * What paid for a top-up (log type 1): an online payment or a redemption code, so a statement
     * can tell them apart. Added after the first version of this event: older top-ups carry none
     * (see `topUpSourceOf`).
     */
    source: z.enum(['payment', 'redemption']).optional(),
  }),
  metadata: eventMetadataSchema,
});

/** A token's remaining quota was set by its owner (create or edit); not logged. */
export const tokenQuotaSetSchema = z.object({
  type: z.literal('TokenQuotaSet'),
  data: z.object({
    userId: z.number().int().positive(),
    tokenId: z.number().int().positive(),
    remainQuota: z.number().int(),
    unlimited: z.boolean(),
    /**
     * A lowering's hold on what the token could still spend (issue #23), settled with the event, so
     * calls in flight never find the new remaining quota short. Added after the first version of
     * this event: a token's creation, a raise and older events carry none.
     */
    holdId: z.string().min(1).optional(),
  }),
  metadata: eventMetadataSchema,
});

/**
 * An asynchronous task (Midjourney, Suno) billed at submit failed upstream: its charge goes back
 * to the user, the token and the channel it was taken from (a system log row, type 4).
 */
export const taskRefundedSchema = z.object({
  type: z.literal('TaskRefunded'),
  data: z.object({
    /** The platform's task id (mj_id, Suno task id): one refund per task. */
    taskId: z.string().min(1),
    userId: z.number().int().positive(),
    username: z.string(),
    tokenId: z.number().int().nonnegative(),
    channelId: z.number().int().nonnegative(),
    quota: z.number().int().nonnegative(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});

/**
 * Someone signed up with this user's invite code: QuotaForInviter goes to the inviter's invite
 * account (aff_quota), not to the quota; it counts one more invitee. Logged as new-api's row
 * (type 4, quota 0, "邀请用户赠送 …").
 */
export const inviterRewardedSchema = z.object({
  type: z.literal('InviterRewarded'),
  data: z.object({
    userId: z.number().int().positive(),
    username: z.string(),
    inviteeId: z.number().int().positive(),
    amount: z.number().int().nonnegative(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});

/**
 * The user moved `amount` from the invite account into the quota (aff_transfer). `holdId` is the
 * invite hold the gateway took for it; applying the event settles it.
 */
export const affQuotaTransferredSchema = z.object({
  type: z.literal('AffQuotaTransferred'),
  data: z.object({
    userId: z.number().int().positive(),
    username: z.string(),
    holdId: z.string().min(1),
    amount: z.number().int().positive(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});

/**
 * The invite account a user document held before the ledger kept it, carried over once (its
 * event id is derived from the user id, so a second start appends a duplicate the stores skip).
 * Not logged: no quota moved.
 */
export const affQuotaMigratedSchema = z.object({
  type: z.literal('AffQuotaMigrated'),
  data: z.object({
    userId: z.number().int().positive(),
    affQuota: z.number().int().nonnegative(),
    affHistoryQuota: z.number().int().nonnegative(),
    affCount: z.number().int().nonnegative(),
  }),
  metadata: eventMetadataSchema,
});

/** What an account held in the system it was imported from: the opening of its Tollgate balance. */
const openingAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    quota: z.number().int(),
    usedQuota: z.number().int(),
    requestCount: z.number().int().nonnegative(),
    affQuota: z.number().int(),
    affHistoryQuota: z.number().int(),
    affCount: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('token'),
    tokenId: z.number().int().positive(),
    remainQuota: z.number().int(),
    usedQuota: z.number().int(),
    unlimited: z.boolean(),
  }),
  z.object({ kind: z.literal('channel'), channelId: z.number().int().positive(), usedQuota: z.number().int() }),
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
    source: z.string().min(1),
    userId: z.number().int().nonnegative(),
    account: openingAccountSchema,
  }),
  metadata: eventMetadataSchema,
});

export const ledgerEventSchema = z.discriminatedUnion('type', [
  usageRecordedSchema,
  quotaAdjustedSchema,
  quotaGrantedSchema,
  tokenQuotaSetSchema,
  taskRefundedSchema,
  inviterRewardedSchema,
  affQuotaTransferredSchema,
  affQuotaMigratedSchema,
  openingBalanceRecordedSchema,
]);

export type LedgerEvent = z.infer<typeof ledgerEventSchema>;
export type UsageRecorded = z.infer<typeof usageRecordedSchema>;
export type QuotaAdjusted = z.infer<typeof quotaAdjustedSchema>;
export type QuotaGranted = z.infer<typeof quotaGrantedSchema>;
export type TokenQuotaSet = z.infer<typeof tokenQuotaSetSchema>;
export type TaskRefunded = z.infer<typeof taskRefundedSchema>;
export type InviterRewarded = z.infer<typeof inviterRewardedSchema>;
export type AffQuotaTransferred = z.infer<typeof affQuotaTransferredSchema>;
export type AffQuotaMigrated = z.infer<typeof affQuotaMigratedSchema>;
export type OpeningBalanceRecorded = z.infer<typeof openingBalanceRecordedSchema>;
export type OpeningAccount = OpeningBalanceRecorded['data']['account'];
export type LedgerEventType = LedgerEvent['type'];

/** Every ledger event is keyed by the user it concerns, so one user's events stay in order. */
export function partitionKey(event: LedgerEvent): string {
  return String(event.data.userId);
}
