import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import type { ConsumeRow } from '../support/clients/relay-billing.js';

/** Sixteen cells poll at once: every 100 ms leaves the gateway's time to the calls under test. */
const POLL_MS = 100;

interface SelfView {
  quota: number;
  used_quota: number;
  request_count: number;
}

/**
 * Follows one cell's user: each call's log row, and the ledger's quota, used quota and request
 * count moved by exactly that row's charge. A failed call that charged anything, even late, fails
 * the next expectation (the ledger applies a user's events in order).
 */
export function moneyTracker(user: ConsoleClient, startQuota: number) {
  let charged = 0;
  let calls = 0;
  return {
    /** Waits for the next call's log row and its charge in the ledger; returns the row. */
    async nextCharge(): Promise<ConsumeRow> {
      calls += 1;
      const row = await eventually(async () => {
        const page = await user.must<{ items: ConsumeRow[]; total: number }>('GET', '/api/log/self/?p=1&page_size=1&type=2');
        return page.total === calls ? page.items[0] : undefined;
      }, 10_000, `${calls} consume rows`, POLL_MS);
      if (!row) throw new Error('no consume row');
      charged += row.quota;
      await eventually(async () => {
        const self = await user.must<SelfView>('GET', '/api/user/self');
        return self.used_quota === charged && self.request_count === calls && self.quota === startQuota - charged ? true : undefined;
      }, 10_000, `quota ${startQuota - charged}, used ${charged} over ${calls} calls`, POLL_MS);
      return row;
    },
  };
}
