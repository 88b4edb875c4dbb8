import type { BalanceNotifier } from '@tollgate/ledger';
import { applyToHotState, type HotStateTargets } from '../../src/billing/hot-state-feed.js';

/** What the ledger's notifier does in production (billing/hot-state-feed.ts), for the fake ledger's notices: its batches reach the holds. */
export function applyNoticesToHotState(notifier: BalanceNotifier, targets: HotStateTargets): void {
  notifier.subscribe((changes) => {
    applyToHotState(targets, changes).catch((error: unknown) => console.error(error));
  });
}
