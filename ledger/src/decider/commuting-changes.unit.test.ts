import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '@tollgate/wire';
import { affQuotaTransferred, inviterRewarded, openingBalanceRecorded, quotaAdjusted, quotaGranted, taskRefunded, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import { emptyChannel, emptyToken, emptyUser } from './accounts.js';
import { BalanceBook } from './balance-book.js';
import { assignsTokenQuota, channelChanges, type FieldChanges, tokenChanges, userChanges } from './commuting-changes.js';

interface Expected {
  user?: FieldChanges;
  token?: FieldChanges;
  channel?: FieldChanges;
}

/** Given the history of user 1 / token 10 / channel 100, when one batch is folded on it, then its field changes are these. */
function given(...history: LedgerEvent[]) {
  const book = new BalanceBook();
  for (const event of history) book.apply(event);
  const before = book.changes();
  return {
    when(...batch: LedgerEvent[]) {
      for (const event of batch) book.apply(event);
      const after = book.changes();
      const userBefore = before.users.find((u) => u.userId === 1) ?? emptyUser(1);
      const tokenBefore = before.tokens.find((t) => t.tokenId === 10) ?? emptyToken(10);
      const channelBefore = before.channels.find((c) => c.channelId === 100) ?? emptyChannel(100);
      const userAfter = after.users.find((u) => u.userId === 1);
      const tokenAfter = after.tokens.find((t) => t.tokenId === 10);
      const channelAfter = after.channels.find((c) => c.channelId === 100);
      const changes: Expected = {};
      if (userAfter) changes.user = userChanges(userBefore, userAfter);
      if (tokenAfter) changes.token = tokenChanges(tokenBefore, tokenAfter, batch.some(assignsTokenQuota));
      if (channelAfter) changes.channel = channelChanges(channelBefore, channelAfter);
      return { then: (expected: Expected) => expect(changes).toEqual(expected) };
    },
  };
}

const noUserChange = { quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 };

describe('user changes are deltas of every field', () => {
  it('usage: quota down, used quota and the request count up', () => {
    given(quotaGranted({ amount: 1000 }))
      .when(usageRecorded({ quota: 30, tokenId: 0, channelId: 0 }), usageRecorded({ quota: 20, tokenId: 0, channelId: 0 }))
      .then({ user: { add: { ...noUserChange, quota: -50, usedQuota: 50, requestCount: 2 }, assign: {} } });
  });

  it('a refund gives the quota back and keeps the request counted', () => {
    given(quotaGranted({ amount: 1000 }), usageRecorded({ quota: 30, tokenId: 0, channelId: 0 }))
      .when(taskRefunded({ quota: 30, tokenId: 0, channelId: 0 }))
      .then({ user: { add: { ...noUserChange, quota: 30, usedQuota: -30 }, assign: {} } });
  });

  it('the invite account: a reward and a transfer move only the aff fields and the quota', () => {
    given(quotaGranted({ amount: 100 }))
      .when(inviterRewarded({ amount: 500 }), affQuotaTransferred({ amount: 200 }), quotaAdjusted({ delta: -10 }))
      .then({ user: { add: { ...noUserChange, quota: 190, affQuota: 300, affHistoryQuota: 500, affCount: 1 }, assign: {} } });
  });
});

describe('token changes: sums as deltas, an assigned quota and the registers as values', () => {
  it('usage moves used and remaining quota by the cost, and assigns nothing', () => {
    given(tokenQuotaSet({ remainQuota: 500 }))
      .when(usageRecorded({ quota: 30 }))
      .then({
        user: { add: { ...noUserChange, quota: -30, usedQuota: 30, requestCount: 1 }, assign: {} },
        token: { add: { usedQuota: 30, remainQuota: -30 }, assign: {} },
        channel: { add: { usedQuota: 30 }, assign: {} },
      });
  });

  it('an unlimited token keeps its remaining quota: a zero delta', () => {
    given(tokenQuotaSet({ remainQuota: 0, unlimited: true }))
      .when(usageRecorded({ quota: 30, channelId: 0 }))
      .then({
        user: { add: { ...noUserChange, quota: -30, usedQuota: 30, requestCount: 1 }, assign: {} },
        token: { add: { usedQuota: 30, remainQuota: 0 }, assign: {} },
      });
  });

  it('a quota set in the batch is assigned, with what later events of the batch took from it', () => {
    given(tokenQuotaSet({ remainQuota: 500 }), usageRecorded({ quota: 100, channelId: 0 }))
      .when(tokenQuotaSet({ remainQuota: 300 }), usageRecorded({ quota: 20, channelId: 0 }))
      .then({
        user: { add: { ...noUserChange, quota: -20, usedQuota: 20, requestCount: 1 }, assign: {} },
        token: { add: { usedQuota: 20 }, assign: { remainQuota: 280, unlimited: false } },
      });
  });

  it('an opening balance assigns the quota and the flag, and adds the used quota', () => {
    given()
      .when(openingBalanceRecorded({ kind: 'token', tokenId: 10, remainQuota: 700, usedQuota: 40, unlimited: true }))
      .then({ token: { add: { usedQuota: 40 }, assign: { remainQuota: 700, unlimited: true, userId: 1 } } });
  });

  it('usage reveals the owner of a token first seen through it', () => {
    given()
      .when(usageRecorded({ userId: 1, tokenId: 10, quota: 5, channelId: 0 }))
      .then({
        user: { add: { ...noUserChange, quota: -5, usedQuota: 5, requestCount: 1 }, assign: {} },
        token: { add: { usedQuota: 5, remainQuota: -5 }, assign: { userId: 1 } },
      });
  });
});

describe('changes commute', () => {
  const costs = fc.array(fc.record({ quota: fc.integer({ min: 0, max: 1000 }), refund: fc.boolean(), partition: fc.integer({ min: 0, max: 2 }) }), { maxLength: 30 });

  it('one user’s events split across partitions, each folded from the same stored balance, add up to the fold of them all', () => {
    fc.assert(
      fc.property(costs, (calls) => {
        const stored = new BalanceBook();
        stored.apply(quotaGranted({ amount: 5000 }));
        stored.apply(tokenQuotaSet({ remainQuota: 3000 }));
        const base = stored.changes();
        const events = calls.map(({ quota, refund }) => (refund ? taskRefunded({ quota }) : usageRecorded({ quota })));
        const baseUser = base.users[0] ?? emptyUser(1);
        const baseToken = base.tokens[0] ?? emptyToken(10);
        const total: Record<string, number>[] = [{ ...baseUser }, { ...baseToken, unlimited: 0 }];
        for (const partition of [2, 0, 1]) {
          // Each partition's worker reads the same stored documents and folds only its own events.
          const worker = new BalanceBook({ user: () => baseUser, token: () => baseToken, channel: emptyChannel });
          calls.forEach((call, index) => call.partition === partition && worker.apply(events[index] as LedgerEvent));
          const { users, tokens } = worker.changes();
          const deltas = [users[0] ? userChanges(baseUser, users[0]).add : {}, tokens[0] ? tokenChanges(baseToken, tokens[0], false).add : {}];
          deltas.forEach((add, account) => {
            const sums = total[account] as Record<string, number>;
            for (const [field, delta] of Object.entries(add)) sums[field] = (sums[field] ?? 0) + delta;
          });
        }
        const all = new BalanceBook();
        for (const event of [quotaGranted({ amount: 5000 }), tokenQuotaSet({ remainQuota: 3000 }), ...events]) all.apply(event);
        expect(total).toEqual([all.changes().users[0], { ...all.changes().tokens[0], unlimited: 0 }]);
      }),
    );
  });
});
