import { expect } from 'vitest';
import type { LedgerEvent } from '@tollgate/wire';
import { accountKeysOf } from './accounts.js';
import { BalanceBook } from './balance-book.js';
import { evolve, type TouchedBalances } from './evolve.js';

/**
 * Given/when/then over the decider (after Emmett's DeciderSpecification): `given` folds earlier
 * events, `when` applies one more, `then` checks the new balances of the accounts it touched.
 */
export function given(...history: LedgerEvent[]) {
  const book = new BalanceBook();
  for (const event of history) book.apply(event);
  const before = book.changes();
  return {
    when(event: LedgerEvent) {
      const { userId, tokenId, channelId } = accountKeysOf(event);
      const current: TouchedBalances = {
        user: before.users.find((user) => user.userId === userId),
        token: before.tokens.find((token) => token.tokenId === tokenId),
        channel: before.channels.find((channel) => channel.channelId === channelId),
      };
      const after = evolve(current, event);
      return {
        then(expected: TouchedBalances): void {
          expect(after).toEqual(expected);
        },
      };
    },
  };
}
