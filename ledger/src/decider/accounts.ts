import type { LedgerEvent, OpeningAccount } from '@tollgate/wire';
import type { AppliedEvent, ChannelBalance, TokenBalance, UserBalance } from '../ports/balance-store.js';

/** The accounts one event touches; null where it touches none of that kind. */
export interface AccountKeys {
  userId: number | null;
  tokenId: number | null;
  channelId: number | null;
}

/**
 * Id 0 is how a producer says "no token" or "no channel" (token ids that can hold quota are
 * positive): such usage still bills the user, but must not invent a token or channel account.
 */
function accountOrNone(id: number): number | null {
  return id === 0 ? null : id;
}

export function accountKeysOf(event: LedgerEvent): AccountKeys {
  switch (event.type) {
    case 'UsageRecorded':
    case 'TaskRefunded':
      return {
        userId: event.data.userId,
        tokenId: accountOrNone(event.data.tokenId),
        channelId: accountOrNone(event.data.channelId),
      };
    case 'TokenQuotaSet':
      return { userId: null, tokenId: event.data.tokenId, channelId: null };
    case 'QuotaAdjusted':
    case 'QuotaGranted':
    case 'InviterRewarded':
    case 'AffQuotaTransferred':
    case 'AffQuotaMigrated':
    case 'SubscriptionPurchased':
      return { userId: event.data.userId, tokenId: null, channelId: null };
    case 'OpeningBalanceRecorded':
      return openedAccountKeys(event.data.account, event.data.userId);
  }
}

/** An applied event as a batch lists it: with the user its notice goes to. */
export function appliedEventOf(event: LedgerEvent): AppliedEvent {
  return { eventId: event.metadata.eventId, userId: accountKeysOf(event).userId };
}

function openedAccountKeys(account: OpeningAccount, userId: number): AccountKeys {
  switch (account.kind) {
    case 'user':
      return { userId, tokenId: null, channelId: null };
    case 'token':
      return { userId: null, tokenId: account.tokenId, channelId: null };
    case 'channel':
      return { userId: null, tokenId: null, channelId: account.channelId };
  }
}

/** A missing account reads as this: nothing granted, nothing used. */
export function emptyUser(userId: number): UserBalance {
  return { userId, quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 };
}

/** `userId` 0 until an event says whose token it is. */
export function emptyToken(tokenId: number, userId = 0): TokenBalance {
  return { tokenId, userId, remainQuota: 0, usedQuota: 0, unlimited: false };
}

export function emptyChannel(channelId: number): ChannelBalance {
  return { channelId, usedQuota: 0 };
}
