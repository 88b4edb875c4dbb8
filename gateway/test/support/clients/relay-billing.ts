import type { ConsoleClient } from './console-client.js';
import { eventually } from './console-client.js';

/** A consume log row as the user's log list shows it. */
export interface ConsumeRow {
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  is_stream: boolean;
  content: string;
  /** JSON: the ratios, model_price, frt. */
  other: string;
}

interface SelfView {
  used_quota: number;
  request_count: number;
}

/**
 * Follows what one user has been charged. Each expected charge waits until the ledger and the
 * log agree on the running total, exactly: a refused call that charged anything, even late, makes
 * the next expectation fail (the ledger applies events in order).
 */
export function chargeTracker(user: ConsoleClient) {
  let charged = 0;
  let calls = 0;
  return {
    async expectCharged(amount: number): Promise<ConsumeRow> {
      charged += amount;
      calls += 1;
      await eventually(async () => {
        const self = await user.must<SelfView>('GET', '/api/user/self');
        return self.used_quota === charged && self.request_count === calls ? true : undefined;
      }, 5000, `used quota ${charged} over ${calls} calls`);
      return eventually(async () => {
        const page = await user.must<{ items: ConsumeRow[]; total: number }>('GET', '/api/log/self/?p=1&page_size=1&type=2');
        return page.total === calls ? page.items[0] : undefined;
      }, 5000, `${calls} consume rows`);
    },
  };
}
