import type { BalanceNotifier, BalanceStore, EventLog, LedgerHistory } from '@tollgate/ledger';
import type { RedemptionStore } from '../ports/documents/redemption-store.js';
import type { SubscriptionStore } from '../ports/documents/subscription-store.js';
import type { TopUpStore } from '../ports/documents/top-up-store.js';
import type { HoldStore } from '../ports/hot-state/hold-store.js';
import type { UsageOutbox } from '../ports/usage-outbox.js';
import type { CoreContext } from './core.js';

/** The money as the gateway touches it: the ledger's log and balances, the holds, and what tops them up. */
export interface MoneyContext extends CoreContext {
  /** Where usage and quota events are appended (the ledger and analytics consume them). */
  eventLog: EventLog;
  /** The log read back for statements (each user event once, in order). */
  history: LedgerHistory;
  /** The relay's path for usage into `eventLog`: straight in when the log is local, through a spool when it is Kafka. */
  usageOutbox: UsageOutbox;
  /** Read side of the ledger's balances. */
  balances: BalanceStore;
  /** What the ledger applied, for hot state and the live console. */
  notifier: BalanceNotifier;
  holds: HoldStore;
  /** Holds on invite accounts (aff_quota), so concurrent transfers cannot spend one reward twice (see invites/invite-holds.ts). */
  inviteHolds: HoldStore;
  redemptions: RedemptionStore;
  /** Online payment orders (Epay). */
  topUps: TopUpStore;
  /** Plans and user subscriptions (issue #41). */
  subscriptions: SubscriptionStore;
}
