import type { LedgerEvent } from '@tollgate/wire';
import type { ChannelBalance, TokenBalance, UserBalance } from '../ports/balance-store.js';

/**
 * How a batch changed one account, field by field, written so that batches from different
 * partitions touching the same account commute: `add` is a delta (a store's `$inc`), `assign` an
 * absolute value (a `$set`). A user moves to another partition when partitions are added, and the
 * old one may still hold some of their events: two workers then write the same documents at once,
 * and only deltas keep both updates.
 */
export interface FieldChanges {
  add: Partial<Record<SumField, number>>;
  assign: Partial<Pick<TokenBalance, 'remainQuota' | 'unlimited' | 'userId'>>;
}

type SumField = 'quota' | 'usedQuota' | 'requestCount' | 'affQuota' | 'affHistoryQuota' | 'affCount' | 'remainQuota';

/**
 * Every user field is a sum: usage and refunds move quota/usedQuota/requestCount, grants and
 * adjustments quota, the invite events the aff fields, and an opening balance adds onto zero. So
 * the whole change is deltas. All six are listed, zeros too, so a document created by this change
 * is complete.
 */
export function userChanges(before: UserBalance, after: UserBalance): FieldChanges {
  const delta = (field: SumField & keyof UserBalance) => after[field] - before[field];
  const add = { quota: delta('quota'), usedQuota: delta('usedQuota'), requestCount: delta('requestCount'), affQuota: delta('affQuota'), affHistoryQuota: delta('affHistoryQuota'), affCount: delta('affCount') };
  return { add, assign: {} };
}

/** A channel holds one sum: the quota used through it. */
export function channelChanges(before: ChannelBalance, after: ChannelBalance): FieldChanges {
  return { add: { usedQuota: after.usedQuota - before.usedQuota }, assign: {} };
}

/**
 * Whether the event sets a token's remaining quota outright (an edit in the console, an import's
 * opening balance) rather than moving it by a cost.
 */
export function assignsTokenQuota(event: LedgerEvent): boolean {
  return event.type === 'TokenQuotaSet' || (event.type === 'OpeningBalanceRecorded' && event.data.account.kind === 'token');
}

/**
 * A token's fields, one rule each:
 * - `usedQuota` is a sum: always a delta.
 * - `remainQuota` is a delta (usage takes, a refund gives back) unless the batch assigned it
 *   (`assignsTokenQuota`): then the value after the batch is written, the assignment plus what
 *   the batch's later events moved. An assignment is meant to replace the balance.
 * - `unlimited` and `userId` are registers, only ever assigned (by the events that assign the
 *   quota; `userId` also when usage reveals the owner of a token first seen through it). Written
 *   only when the batch changed them, so a batch that merely debits never puts back a stale flag.
 */
export function tokenChanges(before: TokenBalance, after: TokenBalance, assignedQuota: boolean): FieldChanges {
  const add: FieldChanges['add'] = { usedQuota: after.usedQuota - before.usedQuota };
  const assign: FieldChanges['assign'] = {};
  if (assignedQuota) assign.remainQuota = after.remainQuota;
  else add.remainQuota = after.remainQuota - before.remainQuota;
  if (after.unlimited !== before.unlimited || assignedQuota) assign.unlimited = after.unlimited;
  if (after.userId !== before.userId) assign.userId = after.userId;
  return { add, assign };
}
