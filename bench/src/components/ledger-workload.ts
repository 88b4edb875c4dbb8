import type { LedgerEvent, QuotaGranted, UsageRecorded } from '@tollgate/wire';
import { usageEvent } from './pipeline.js';

/** The users of the workload (usageEvent's): each starts with a grant, then makes its calls. */
const USERS = 1_000;
const CALL_QUOTA = 75;

/** What the balances must read once every event of the workload was applied exactly once. */
export interface ExpectedBalances {
  users: Map<number, { quota: number; usedQuota: number; requestCount: number }>;
  tokens: Map<number, { remainQuota: number; usedQuota: number }>;
  channels: Map<number, { usedQuota: number }>;
}

function grant(userId: number, at: number, amount: number): QuotaGranted {
  return {
    type: 'QuotaGranted',
    data: { userId, username: `user${userId}`, amount, logType: 4, content: 'bench grant' },
    metadata: { eventId: `bench-grant-${at}-${userId}`, occurredAt: at, version: 1 },
  } as QuotaGranted;
}

/**
 * `calls` usage events for 1,000 users (tokens 1..1,000, channels 1..5), each user granted first
 * twice what its calls cost, so no balance goes below zero; and the balances they must leave.
 */
export function ledgerWorkload(calls: number, at = Date.now()): { events: LedgerEvent[]; expected: ExpectedBalances } {
  const usages: UsageRecorded[] = Array.from({ length: calls }, (_, i) => usageEvent(i, at));
  const perUser = Math.ceil(calls / USERS);
  const grants = Array.from({ length: USERS }, (_, i) => grant(i + 1, at, 2 * perUser * CALL_QUOTA));
  const expected: ExpectedBalances = { users: new Map(), tokens: new Map(), channels: new Map() };
  for (const g of grants) expected.users.set(g.data.userId, { quota: g.data.amount, usedQuota: 0, requestCount: 0 });
  for (const { data } of usages) {
    const user = expected.users.get(data.userId) ?? { quota: 0, usedQuota: 0, requestCount: 0 };
    expected.users.set(data.userId, { quota: user.quota - data.quota, usedQuota: user.usedQuota + data.quota, requestCount: user.requestCount + 1 });
    const token = expected.tokens.get(data.tokenId) ?? { remainQuota: 0, usedQuota: 0 };
    expected.tokens.set(data.tokenId, { remainQuota: token.remainQuota - data.quota, usedQuota: token.usedQuota + data.quota });
    const channelId = data.channelId;
    expected.channels.set(channelId, { usedQuota: (expected.channels.get(channelId)?.usedQuota ?? 0) + data.quota });
  }
  return { events: [...grants, ...usages], expected };
}
