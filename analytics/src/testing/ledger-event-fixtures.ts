import type { QuotaAdjusted, QuotaGranted, TokenQuotaSet, UsageRecorded } from '@tollgate/wire';

/** A fixed instant (2024-06-01T00:00:00Z) so rows land in a known partition. */
export const fixtureEpochMs = Date.UTC(2024, 5, 1);

let sequence = 0;

/** Time-sortable like a UUIDv7: a later event of the same test gets a larger id. */
function nextEventId(): string {
  sequence += 1;
  return `evt-${String(sequence).padStart(8, '0')}`;
}

function metadata(occurredAt: number) {
  return { eventId: nextEventId(), occurredAt, version: 1 as const };
}

export function usageRecorded(
  data: Partial<UsageRecorded['data']> = {},
  occurredAt = fixtureEpochMs,
): UsageRecorded {
  return {
    type: 'UsageRecorded',
    data: {
      requestId: 'req-1',
      holdId: 'hold-1',
      userId: 1,
      username: 'alice',
      tokenId: 10,
      tokenName: 'default',
      channelId: 3,
      model: 'gpt-4o-mini',
      group: 'default',
      promptTokens: 100,
      completionTokens: 50,
      quota: 75,
      isStream: false,
      useTimeMs: 2500,
      content: '模型倍率 0.075，补全倍率 4，分组倍率 1',
      other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: 320 },
      ...data,
    },
    metadata: metadata(occurredAt),
  };
}

export function quotaAdjusted(data: Partial<QuotaAdjusted['data']> = {}, occurredAt = fixtureEpochMs): QuotaAdjusted {
  return {
    type: 'QuotaAdjusted',
    data: { userId: 1, username: 'alice', adminId: 9, delta: 5000, content: '管理员将用户额度从 0 修改为 5000', ...data },
    metadata: metadata(occurredAt),
  };
}

export function quotaGranted(data: Partial<QuotaGranted['data']> = {}, occurredAt = fixtureEpochMs): QuotaGranted {
  return {
    type: 'QuotaGranted',
    data: { userId: 1, username: 'alice', amount: 500000, logType: 4, content: '新用户注册赠送 500000', ...data },
    metadata: metadata(occurredAt),
  };
}

export function tokenQuotaSet(occurredAt = fixtureEpochMs): TokenQuotaSet {
  return {
    type: 'TokenQuotaSet',
    data: { userId: 1, tokenId: 10, remainQuota: 1000, unlimited: false },
    metadata: metadata(occurredAt),
  };
}
