import type { LedgerEvent, OpeningBalanceRecorded, TaskRefunded, UsageRecorded } from '@tollgate/wire';
import type { ChannelBalance, SettledHold, TokenBalance, UserBalance } from '../ports/balance-store.js';
import { accountKeysOf, emptyChannel, emptyToken, emptyUser } from './accounts.js';

/** The current balances of the accounts an event touches (see `accountKeysOf`). */
export interface TouchedBalances {
  user?: UserBalance;
  token?: TokenBalance;
  channel?: ChannelBalance;
}

/**
 * The ledger rules: the new balances of the accounts `event` touches. Never rejects: the log is
 * the truth, so usage the gateway admitted is applied even when it drives a balance negative.
 * Accounts absent from `current` start from zero.
 */
export function evolve(current: TouchedBalances, event: LedgerEvent): TouchedBalances {
  switch (event.type) {
    case 'UsageRecorded':
      return evolveUsage(current, event);
    case 'QuotaAdjusted':
      return { user: addQuota(current.user ?? emptyUser(event.data.userId), event.data.delta) };
    case 'QuotaGranted':
      return { user: addQuota(current.user ?? emptyUser(event.data.userId), event.data.amount) };
    case 'TaskRefunded':
      return evolveRefund(current, event);
    case 'InviterRewarded': {
      const user = current.user ?? emptyUser(event.data.userId);
      const { amount } = event.data;
      return { user: { ...user, affQuota: user.affQuota + amount, affHistoryQuota: user.affHistoryQuota + amount, affCount: user.affCount + 1 } };
    }
    case 'AffQuotaTransferred': {
      // Applied as given even past zero (the log is the truth); the gateway's invite hold is what keeps it from happening.
      const user = current.user ?? emptyUser(event.data.userId);
      return { user: { ...user, affQuota: user.affQuota - event.data.amount, quota: user.quota + event.data.amount } };
    }
    case 'AffQuotaMigrated': {
      const user = current.user ?? emptyUser(event.data.userId);
      const { affQuota, affHistoryQuota, affCount } = event.data;
      return { user: { ...user, affQuota: user.affQuota + affQuota, affHistoryQuota: user.affHistoryQuota + affHistoryQuota, affCount: user.affCount + affCount } };
    }
    case 'OpeningBalanceRecorded':
      return evolveOpening(current, event);
    case 'SubscriptionPurchased':
      return { user: addQuota(current.user ?? emptyUser(event.data.userId), -event.data.price) };
    case 'TokenQuotaSet': {
      const { tokenId, userId, remainQuota, unlimited } = event.data;
      const token = current.token ?? emptyToken(tokenId);
      return { token: { ...token, userId, remainQuota, unlimited } };
    }
  }
}

/** The hold a gateway took for this event (a relayed request, an invite transfer, a lowered quota); applying the event settles it. */
export function settledHoldOf(event: LedgerEvent): SettledHold | null {
  switch (event.type) {
    case 'UsageRecorded':
    case 'AffQuotaTransferred':
    case 'SubscriptionPurchased':
      return { holdId: event.data.holdId, userId: event.data.userId };
    case 'QuotaAdjusted':
    case 'TokenQuotaSet':
      return event.data.holdId === undefined ? null : { holdId: event.data.holdId, userId: event.data.userId };
    default:
      return null;
  }
}

function addQuota(user: UserBalance, amount: number): UserBalance {
  return { ...user, quota: user.quota + amount };
}

function evolveUsage(current: TouchedBalances, event: UsageRecorded): TouchedBalances {
  const usage = event.data;
  const keys = accountKeysOf(event);
  const user = current.user ?? emptyUser(usage.userId);
  const next: TouchedBalances = {
    user: {
      ...user,
      // A call a subscription paid for takes nothing from the wallet (issue #41).
      quota: usage.subscriptionId === undefined ? user.quota - usage.quota : user.quota,
      usedQuota: user.usedQuota + usage.quota,
      requestCount: user.requestCount + 1,
    },
  };
  if (keys.tokenId !== null) {
    next.token = debitToken(current.token ?? emptyToken(keys.tokenId, usage.userId), usage);
  }
  if (keys.channelId !== null) {
    const channel = current.channel ?? emptyChannel(keys.channelId);
    next.channel = { ...channel, usedQuota: channel.usedQuota + usage.quota };
  }
  return next;
}

function debitToken(token: TokenBalance, usage: UsageRecorded['data']): TokenBalance {
  return {
    ...token,
    // A token first seen through usage (its TokenQuotaSet not applied yet) learns its owner here.
    userId: token.userId === 0 ? usage.userId : token.userId,
    remainQuota: token.unlimited ? token.remainQuota : token.remainQuota - usage.quota,
    usedQuota: token.usedQuota + usage.quota,
  };
}

/** Undoes a task's charge: quota back, used quota down; the request stays counted (it was made). */
function evolveRefund(current: TouchedBalances, event: TaskRefunded): TouchedBalances {
  const { userId, quota } = event.data;
  const keys = accountKeysOf(event);
  const user = current.user ?? emptyUser(userId);
  const next: TouchedBalances = { user: { ...user, quota: user.quota + quota, usedQuota: user.usedQuota - quota } };
  if (keys.tokenId !== null) {
    const token = current.token ?? emptyToken(keys.tokenId, userId);
    next.token = { ...token, remainQuota: token.unlimited ? token.remainQuota : token.remainQuota + quota, usedQuota: token.usedQuota - quota };
  }
  if (keys.channelId !== null) {
    const channel = current.channel ?? emptyChannel(keys.channelId);
    next.channel = { ...channel, usedQuota: channel.usedQuota - quota };
  }
  return next;
}

/**
 * Adds what the account held in the source system (onto zero, as it is recorded when the account
 * is created); a token's remaining quota and unlimited flag are set, like TokenQuotaSet.
 */
function evolveOpening(current: TouchedBalances, event: OpeningBalanceRecorded): TouchedBalances {
  const { account, userId } = event.data;
  switch (account.kind) {
    case 'user': {
      const user = current.user ?? emptyUser(userId);
      return {
        user: {
          ...user,
          quota: user.quota + account.quota,
          usedQuota: user.usedQuota + account.usedQuota,
          requestCount: user.requestCount + account.requestCount,
          affQuota: user.affQuota + account.affQuota,
          affHistoryQuota: user.affHistoryQuota + account.affHistoryQuota,
          affCount: user.affCount + account.affCount,
        },
      };
    }
    case 'token': {
      const token = current.token ?? emptyToken(account.tokenId, userId);
      return { token: { ...token, userId, remainQuota: account.remainQuota, unlimited: account.unlimited, usedQuota: token.usedQuota + account.usedQuota } };
    }
    case 'channel': {
      const channel = current.channel ?? emptyChannel(account.channelId);
      return { channel: { ...channel, usedQuota: channel.usedQuota + account.usedQuota } };
    }
  }
}
