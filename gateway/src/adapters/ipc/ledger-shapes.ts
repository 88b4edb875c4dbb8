import { z } from 'zod';

/** The ledger's balance shapes as they cross to the owner of the holds (ledger/src/ports/balance-store.ts). */
const quota = z.number().int();
const id = z.number().int().nonnegative();
const version = { version: z.number().optional() };

export const userBalanceSchema = z.object({ userId: id, quota, usedQuota: quota, requestCount: quota, affQuota: quota, affHistoryQuota: quota, affCount: quota, ...version });
export const tokenBalanceSchema = z.object({ tokenId: id, userId: id, remainQuota: quota, usedQuota: quota, unlimited: z.boolean(), ...version });
export const settledHoldSchema = z.object({ holdId: z.string().min(1), userId: id });
export const balancesChangedSchema = z.object({
  users: z.array(userBalanceSchema),
  tokens: z.array(tokenBalanceSchema),
  channels: z.array(z.object({ channelId: id, usedQuota: quota })),
  settledHolds: z.array(settledHoldSchema),
  appliedEvents: z.array(z.object({ eventId: z.string(), userId: id.nullable() })),
});
/** One user's notice of a batch (ledger/src/ports/balance-notifier.ts). */
export const userNoticeSchema = z.object({ userId: id.nullable(), balance: userBalanceSchema.nullable(), appliedEventIds: z.array(z.string()) });
