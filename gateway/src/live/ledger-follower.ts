import type { BalancesChanged } from '@tollgate/ledger';
import type { BalancePushed } from '@tollgate/wire';
import type { GatewayDeps } from '../deps.js';
import type { LiveFanout } from '../ports/live-fanout.js';

function pushBalances(fanout: LiveFanout, changes: BalancesChanged): void {
  for (const user of changes.users) {
    const payload: BalancePushed = { userId: user.userId, quota: user.quota, usedQuota: user.usedQuota, requestCount: user.requestCount };
    fanout.toUser(user.userId, 'balance', payload);
  }
}

/**
 * Follows what the ledger applied: every open console of the users whose balance moved sees the
 * new balance. Hot state is not this gateway's to update: the ledger's notifier applied it once
 * for every gateway (billing/hot-state-feed.ts).
 */
export function followLedger(deps: Pick<GatewayDeps, 'notifier'>, fanout: LiveFanout): () => void {
  return deps.notifier.subscribe((changes: BalancesChanged) => pushBalances(fanout, changes));
}
