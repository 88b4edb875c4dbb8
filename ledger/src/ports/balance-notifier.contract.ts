import { describe, expect, it } from 'vitest';
import type { BalanceNotifier } from './balance-notifier.js';
import type { BalancesChanged } from './balance-store.js';

const change: BalancesChanged = {
  users: [{ userId: 3, quota: 90, usedQuota: 10, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }],
  tokens: [{ tokenId: 5, userId: 3, remainQuota: 40, usedQuota: 10, unlimited: false }],
  channels: [{ channelId: 2, usedQuota: 10 }],
  settledHolds: [{ holdId: 'hold-1', userId: 3 }],
  appliedEventIds: ['event-1'],
};

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('change not delivered in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Every BalanceNotifier adapter must pass this. `factory` returns the ledger's handle and a
 * gateway's handle on the same bus (the same object in one process).
 */
export function runBalanceNotifierContract(name: string, factory: () => Promise<[BalanceNotifier, BalanceNotifier]>): void {
  describe(`BalanceNotifier contract: ${name}`, () => {
    it("delivers what the ledger applied to a gateway's listener, whole", async () => {
      const [ledger, gateway] = await factory();
      const heard: BalancesChanged[] = [];
      gateway.subscribe((c) => heard.push(c));
      await new Promise((r) => setTimeout(r, 50));
      await ledger.publish(change);
      await until(() => heard.length === 1);
      expect(heard[0]).toEqual(change);
      await ledger.close();
      await gateway.close();
    });

    it('stops delivering after unsubscribe', async () => {
      const [ledger, gateway] = await factory();
      const heard: BalancesChanged[] = [];
      const marker: BalancesChanged[] = [];
      const stop = gateway.subscribe((c) => heard.push(c));
      gateway.subscribe((c) => marker.push(c));
      await new Promise((r) => setTimeout(r, 50));
      stop();
      await ledger.publish(change);
      await until(() => marker.length === 1);
      expect(heard).toEqual([]);
      await ledger.close();
      await gateway.close();
    });
  });
}
