import { newEventMetadata } from '../events/event-metadata.js';
import type { AffQuotaMigrated, OpeningAccount, OpeningBalanceRecorded, AffQuotaTransferred, InviterRewarded, LedgerEvent, QuotaAdjusted, QuotaGranted, SubscriptionPurchased, TaskRefunded, TokenQuotaSet, UsageRecorded } from '@tollgate/wire';
import type { StoredEvent } from '../ports/event-log.js';

/** Test builders: valid events with sensible defaults, overridden per test. */
export function usageRecorded(data: Partial<UsageRecorded['data']> = {}): UsageRecorded {
  return {
    type: 'UsageRecorded',
    data: {
      requestId: 'req-1',
      holdId: `hold-${Math.random().toString(36).slice(2)}`,
      userId: 1,
      username: 'alice',
      tokenId: 10,
      tokenName: 'default',
      channelId: 100,
      model: 'gpt-4o-mini',
      group: 'default',
      promptTokens: 12,
      completionTokens: 30,
      quota: 50,
      isStream: false,
      useTimeMs: 800,
      content: '',
      other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: 120 },
      ...data,
    },
    metadata: newEventMetadata(),
  };
}

export function quotaGranted(data: Partial<QuotaGranted['data']> = {}): QuotaGranted {
  return {
    type: 'QuotaGranted',
    data: { userId: 1, username: 'alice', amount: 1000, logType: 4, content: 'new user grant', ...data },
    metadata: newEventMetadata(),
  };
}

export function quotaAdjusted(data: Partial<QuotaAdjusted['data']> = {}): QuotaAdjusted {
  return {
    type: 'QuotaAdjusted',
    data: { userId: 1, username: 'alice', adminId: 1, delta: 100, content: 'admin adjustment', ...data },
    metadata: newEventMetadata(),
  };
}

export function tokenQuotaSet(data: Partial<TokenQuotaSet['data']> = {}): TokenQuotaSet {
  return {
    type: 'TokenQuotaSet',
    data: { userId: 1, tokenId: 10, remainQuota: 500, unlimited: false, ...data },
    metadata: newEventMetadata(),
  };
}

export function taskRefunded(data: Partial<TaskRefunded['data']> = {}): TaskRefunded {
  return {
    type: 'TaskRefunded',
    data: { taskId: 'task-1', userId: 1, username: 'alice', tokenId: 10, channelId: 100, quota: 50, content: 'task failed', ...data },
    metadata: newEventMetadata(),
  };
}

export function inviterRewarded(data: Partial<InviterRewarded['data']> = {}): InviterRewarded {
  return {
    type: 'InviterRewarded',
    data: { userId: 1, username: 'alice', inviteeId: 2, amount: 500, content: '邀请用户赠送 500 点额度', ...data },
    metadata: newEventMetadata(),
  };
}

export function affQuotaTransferred(data: Partial<AffQuotaTransferred['data']> = {}): AffQuotaTransferred {
  return {
    type: 'AffQuotaTransferred',
    data: { userId: 1, username: 'alice', holdId: `aff-${Math.random().toString(36).slice(2)}`, amount: 300, content: '邀请额度划转 300 点额度', ...data },
    metadata: newEventMetadata(),
  };
}

export function subscriptionPurchased(data: Partial<SubscriptionPurchased['data']> = {}): SubscriptionPurchased {
  return {
    type: 'SubscriptionPurchased',
    data: { userId: 1, username: 'alice', subscriptionId: 5, planId: 2, planTitle: 'Pro', price: 400, holdId: `sub-${Math.random().toString(36).slice(2)}`, content: '使用余额购买订阅套餐 Pro', ...data },
    metadata: newEventMetadata(),
  };
}

export function affQuotaMigrated(data: Partial<AffQuotaMigrated['data']> = {}): AffQuotaMigrated {
  return {
    type: 'AffQuotaMigrated',
    data: { userId: 1, affQuota: 700, affHistoryQuota: 900, affCount: 3, ...data },
    metadata: newEventMetadata(),
  };
}

export function openingBalanceRecorded(account: OpeningAccount, userId = 1): OpeningBalanceRecorded {
  return { type: 'OpeningBalanceRecorded', data: { source: 'new-api', userId, account }, metadata: newEventMetadata() };
}

/** Positions events in partition 0 from `firstOffset` on, as a log would read them back. */
export function stored(events: LedgerEvent[], firstOffset = 0, partition = 0): StoredEvent[] {
  return events.map((event, index) => ({ partition, offset: firstOffset + index, event }));
}
