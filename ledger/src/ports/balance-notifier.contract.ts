import { describe, expect, it } from 'vitest';
import type { BalanceNotifier, UserNotice } from './balance-notifier.js';
import type { BalancesChanged } from './balance-store.js';

const balance = (userId: number, quota: number) => ({ userId, quota, usedQuota: 10, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 });

const change: BalancesChanged = {
  users: [balance(3, 90), balance(4, 50)],
  tokens: [{ tokenId: 5, userId: 3, remainQuota: 40, usedQuota: 10, unlimited: false }],
  channels: [{ channelId: 2, usedQuota: 10 }],
  settledHolds: [{ holdId: 'hold-1', userId: 3 }],
  appliedEvents: [
    { eventId: 'event-1', userId: 3 },
    { eventId: 'event-2', userId: 4 },
    { eventId: 'event-3', userId: null },
  ],
};

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('notice not delivered in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Every BalanceNotifier adapter must pass this. `factory` returns the ledger's handle and a
 * gateway's handle on the same bus (the same object in one process).
 */
export function runBalanceNotifierContract(name: string, factory: () => Promise<[BalanceNotifier, BalanceNotifier]>): void {
  describe(`BalanceNotifier contract: ${name}`, () => {
    it("tells a follower of a user that user's balance and events, and nothing of another user", async () => {
      const [ledger, gateway] = await factory();
      const third: UserNotice[] = [];
      const none: UserNotice[] = [];
      const following = [gateway.followUser(3, (n) => third.push(n)), gateway.followUser(null, (n) => none.push(n))];
      await Promise.all(following.map((f) => f.ready));
      await ledger.publish(change);
      await until(() => third.length === 1 && none.length === 1);
      expect(third).toEqual([{ userId: 3, balance: balance(3, 90), appliedEventIds: ['event-1'] }]);
      expect(none).toEqual([{ userId: null, balance: null, appliedEventIds: ['event-3'] }]);
      await ledger.close();
      await gateway.close();
    });

    it('stops telling a follower that stopped, and keeps telling the other followers of the same user', async () => {
      const [ledger, gateway] = await factory();
      const stopped: UserNotice[] = [];
      const kept: UserNotice[] = [];
      const first = gateway.followUser(4, (n) => stopped.push(n));
      const second = gateway.followUser(4, (n) => kept.push(n));
      await Promise.all([first.ready, second.ready]);
      first.stop();
      await ledger.publish(change);
      await until(() => kept.length === 1);
      expect(stopped).toEqual([]);
      await ledger.close();
      await gateway.close();
    });

    it("follows a user again after the user's last follower stopped", async () => {
      const [ledger, gateway] = await factory();
      gateway.followUser(3, () => undefined).stop();
      const heard: UserNotice[] = [];
      await gateway.followUser(3, (n) => heard.push(n)).ready;
      await ledger.publish(change);
      await until(() => heard.length === 1);
      expect(heard[0]?.appliedEventIds).toEqual(['event-1']);
      await ledger.close();
      await gateway.close();
    });
  });
}
