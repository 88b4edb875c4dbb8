import { emptyChannel, emptyToken, emptyUser } from '../decider/accounts.js';
import type { BalanceSnapshot } from './balance-fold.js';

type BalanceField = number | boolean;

/** One field of one account where the store disagrees with the log. */
export interface BalanceDrift {
  account: 'user' | 'token' | 'channel';
  id: number;
  field: string;
  /** What the fold of the log says. */
  expected: BalanceField;
  /** What the store holds. */
  actual: BalanceField;
}

function diff<T extends { [K in keyof T]: BalanceField }>(
  account: BalanceDrift['account'],
  id: number,
  expected: T,
  actual: T,
): BalanceDrift[] {
  const fields = Object.keys(actual) as Array<keyof T & string>;
  return fields
    .filter((field) => expected[field] !== actual[field])
    .map((field) => ({ account, id, field, expected: expected[field], actual: actual[field] }));
}

/**
 * Field-by-field differences. `actual` must list every account either side knows of (missing
 * ones read as zero), so an account the store credits but the log never touched shows up too.
 */
export function compareBalances(expected: BalanceSnapshot, actual: BalanceSnapshot): BalanceDrift[] {
  const users = new Map(expected.users.map((user) => [user.userId, user]));
  const tokens = new Map(expected.tokens.map((token) => [token.tokenId, token]));
  const channels = new Map(expected.channels.map((channel) => [channel.channelId, channel]));
  return [
    ...actual.users.flatMap((u) => diff('user', u.userId, users.get(u.userId) ?? emptyUser(u.userId), u)),
    ...actual.tokens.flatMap((t) => diff('token', t.tokenId, tokens.get(t.tokenId) ?? emptyToken(t.tokenId), t)),
    ...actual.channels.flatMap((c) =>
      diff('channel', c.channelId, channels.get(c.channelId) ?? emptyChannel(c.channelId), c),
    ),
  ];
}
