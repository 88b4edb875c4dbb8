import type { LedgerEvent } from '@tollgate/wire';
import {
  fixtureEpochMs,
  quotaAdjusted,
  quotaGranted,
  tokenQuotaSet,
  usageRecorded,
} from '../../testing/ledger-event-fixtures.js';

/** Seconds since the epoch of the first seeded event; the others follow a minute apart. */
export const t0 = fixtureEpochMs / 1000;
const minute = 60_000;

/** Six logged events of two users, plus one the log ignores; named by what the filters pick. */
export function seedEvents() {
  const aliceDefault = usageRecorded({ quota: 75, promptTokens: 100, completionTokens: 50 }, fixtureEpochMs);
  const aliceClaude = usageRecorded(
    { tokenName: 'other', model: 'claude-3', channelId: 4, quota: 300, promptTokens: 200, completionTokens: 20, isStream: true },
    fixtureEpochMs + minute,
  );
  const bobDefault = usageRecorded(
    { userId: 2, username: 'bob', quota: 40, promptTokens: 10, completionTokens: 5 },
    fixtureEpochMs + 2 * minute,
  );
  const aliceAdjusted = quotaAdjusted({ delta: -1000 }, fixtureEpochMs + 3 * minute);
  const bobSystem = quotaGranted({ userId: 2, username: 'bob', logType: 4 }, fixtureEpochMs + 4 * minute);
  const aliceTopUp = quotaGranted({ logType: 1, amount: 2_000_000, content: '通过兑换码充值 $4' }, fixtureEpochMs + 5 * minute);
  const logged = { aliceDefault, aliceClaude, bobDefault, aliceAdjusted, bobSystem, aliceTopUp };
  const events: LedgerEvent[] = [...Object.values(logged), tokenQuotaSet(fixtureEpochMs + 6 * minute)];
  return { ...logged, events };
}

export type SeededEvents = ReturnType<typeof seedEvents>;

/** The event ids of `picked`, newest first: the order the log list must show. */
export function newestFirst(...picked: LedgerEvent[]): string[] {
  return picked.map((event) => event.metadata.eventId).reverse();
}
