import { type LedgerEvent, LogType, type QuotaGranted } from '@tollgate/wire';
import { emptyUser } from '../decider/accounts.js';
import { evolve } from '../decider/evolve.js';

/** The kinds of line a statement lists; `consumption` is summed per day and model, the rest are listed one by one. */
export const movementKinds = [
  'opening_import',
  'payment',
  'redemption',
  'grant',
  'admin',
  'invite_reward',
  'invite_transfer',
  'refund',
  'consumption',
  'subscription',
] as const;
export type MovementKind = (typeof movementKinds)[number];

/** One event's effect on a user's quota, as a statement shows it. */
export interface Movement {
  kind: MovementKind;
  userId: number;
  eventId: string;
  /** Milliseconds since the epoch. */
  occurredAt: number;
  /** What the event adds to the user's quota: positive a credit, negative a debit, 0 for none (an invite reward goes to the invite account). */
  quota: number;
  /** The administrator who made an admin change; null for every other kind. */
  actorId: number | null;
  /** The model of a consumption; '' for every other kind. */
  model: string;
  content: string;
}

/**
 * The change `event` makes to its user's quota, taken from the ledger's own rule (`evolve` on an
 * empty account: every rule adds to the quota), so a statement can never disagree with the balance.
 */
export function quotaDeltaOf(event: LedgerEvent): number {
  const userId = event.data.userId;
  if (userId === 0) return 0;
  return evolve({ user: emptyUser(userId) }, event).user?.quota ?? 0;
}

/**
 * How an online payment and a code differ in events written before `source` existed: the payment
 * credit's id is derived from its order (`top-up-<trade no>`, see epay-notify), a code's is not.
 */
export function topUpSourceOf(event: QuotaGranted): 'payment' | 'redemption' {
  return event.data.source ?? (event.metadata.eventId.startsWith('top-up-') ? 'payment' : 'redemption');
}

function kindOf(event: LedgerEvent): MovementKind | null {
  switch (event.type) {
    case 'UsageRecorded':
      return 'consumption';
    case 'QuotaAdjusted':
      return 'admin';
    case 'QuotaGranted':
      return event.data.logType === LogType.TopUp ? topUpSourceOf(event) : 'grant';
    case 'TaskRefunded':
      return 'refund';
    case 'InviterRewarded':
      return 'invite_reward';
    case 'AffQuotaTransferred':
      return 'invite_transfer';
    case 'OpeningBalanceRecorded':
      return event.data.account.kind === 'user' ? 'opening_import' : null;
    case 'SubscriptionPurchased':
      return 'subscription';
    case 'TokenQuotaSet':
    case 'AffQuotaMigrated':
      return null;
  }
}

/** The statement line of an event, or null for events that never touch a user's quota (token limits, invite-account carry-overs, token and channel imports). */
export function movementOf(event: LedgerEvent): Movement | null {
  const kind = kindOf(event);
  if (kind === null) return null;
  return {
    kind,
    userId: event.data.userId,
    eventId: event.metadata.eventId,
    occurredAt: event.metadata.occurredAt,
    quota: quotaDeltaOf(event),
    actorId: event.type === 'QuotaAdjusted' ? event.data.adminId : null,
    model: event.type === 'UsageRecorded' ? event.data.model : '',
    content: 'content' in event.data ? event.data.content : '',
  };
}
