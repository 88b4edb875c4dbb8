import type { BalanceNotifier } from '@tollgate/ledger';
import type { HotStateTargets } from '../../src/billing/hot-state-feed.js';
import { inviteChanges } from '../../src/invites/invite-holds.js';

/** What the ledger's notifier does in production (billing/hot-state-feed.ts), for the fake ledger's notices: its batches reach the holds. */
export function applyNoticesToHotState(notifier: BalanceNotifier, targets: HotStateTargets): void {
  notifier.subscribe((changes) => {
    Promise.all([targets.holds.applyLedgerChanges(changes), targets.inviteHolds.applyLedgerChanges(inviteChanges(changes))]).catch((error: unknown) => console.error(error));
  });
}
