import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt, positiveInt } from '../shared/numbers.js';
import { eventMetadataSchema } from './envelope.js';

/**
 * Someone signed up with this user's invite code: QuotaForInviter goes to the inviter's invite
 * account (aff_quota), not to the quota; it counts one more invitee. Logged as new-api's row
 * (type 4, quota 0, "邀请用户赠送 …").
 */
export const inviterRewardedSchema = z.object({
  type: z.literal('InviterRewarded'),
  data: z.object({
    userId: positiveInt(),
    username: z.string(),
    inviteeId: positiveInt(),
    amount: nonNegativeInt(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});
export type InviterRewarded = z.infer<typeof inviterRewardedSchema>;

/**
 * The user moved `amount` from the invite account into the quota (aff_transfer). `holdId` is the
 * invite hold the gateway took for it; applying the event settles it.
 */
export const affQuotaTransferredSchema = z.object({
  type: z.literal('AffQuotaTransferred'),
  data: z.object({
    userId: positiveInt(),
    username: z.string(),
    holdId: nonEmptyText(),
    amount: positiveInt(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});
export type AffQuotaTransferred = z.infer<typeof affQuotaTransferredSchema>;

/**
 * The invite account a user document held before the ledger kept it, carried over once (its
 * event id is derived from the user id, so a second start appends a duplicate the stores skip).
 * Not logged: no quota moved.
 */
export const affQuotaMigratedSchema = z.object({
  type: z.literal('AffQuotaMigrated'),
  data: z.object({
    userId: positiveInt(),
    affQuota: nonNegativeInt(),
    affHistoryQuota: nonNegativeInt(),
    affCount: nonNegativeInt(),
  }),
  metadata: eventMetadataSchema,
});
export type AffQuotaMigrated = z.infer<typeof affQuotaMigratedSchema>;
