import type { BalancesChanged } from '@tollgate/ledger';
import type { BalancePushed } from '@tollgate/wire';
import type { GatewayDeps } from '../deps.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/**
 * Follows what the ledger applied: hot state first (so admission sees the new balance and the
 * settled holds go), then every open console of the users whose balance moved.
 */
export function followLedger(deps: Pick<GatewayDeps, 'notifier' | 'holds'>, fanout: LiveFanout): () => void {
  return deps.notifier.subscribe((changes: BalancesChanged) => {
    void deps.holds.applyLedgerChanges(changes).finally(() => {
      for (const user of changes.users) {
        const payload: BalancePushed = {
          userId: user.userId,
          quota: user.quota,
          usedQuota: user.usedQuota,
          requestCount: user.requestCount,
        };
        fanout.toUser(user.userId, 'balance', payload);
      }
    });
  });
}
