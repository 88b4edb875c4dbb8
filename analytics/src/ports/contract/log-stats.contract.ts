import { expect, it } from 'vitest';
import { logStats } from '../../queries/logs/log-stats.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { seedEvents, t0 } from './seed-logs.js';
import { usageRecorded } from '../../testing/ledger-event-fixtures.js';

/** A clock 130 s after t0: the last minute holds only bob's consume row (t0 + 120). */
const now = () => (t0 + 130) * 1000;

export function logStatsContract(context: ContractContext): void {
  it('sums consume quota for all users and counts the last minute', async () => {
    await ingest(context.querier(), seedEvents().events);
    const stats = await logStats(context.querier(), now)({});
    expect(stats).toEqual({ quota: 75 + 300 + 40, rpm: 1, tpm: 15 });
  });

  it('applies the user, token, model and channel filters to every figure', async () => {
    await ingest(context.querier(), seedEvents().events);
    const stats = logStats(context.querier(), now);
    expect(await stats({ userId: 1 })).toEqual({ quota: 375, rpm: 0, tpm: 0 });
    expect(await stats({ username: 'bob', modelName: 'gpt-4o-mini', channel: 3 })).toEqual({ quota: 40, rpm: 1, tpm: 15 });
    expect(await stats({ tokenName: 'other' })).toEqual({ quota: 300, rpm: 0, tpm: 0 });
  });

  it('limits quota to the time range but not RPM/TPM, and ignores the type filter', async () => {
    await ingest(context.querier(), seedEvents().events);
    const stats = logStats(context.querier(), now);
    expect(await stats({ startTimestamp: t0 + 30, endTimestamp: t0 + 90 })).toEqual({ quota: 300, rpm: 1, tpm: 15 });
    expect(await stats({ type: 3 })).toEqual({ quota: 415, rpm: 1, tpm: 15 });
  });

  it('sums a range exact to the second, whole minutes from the rollup and the edges raw', async () => {
    const at = (seconds: number, quota: number) => usageRecorded({ quota }, (t0 + seconds) * 1000);
    await ingest(context.querier(), [at(10, 1), at(70, 2), at(130, 4), at(179, 8)]);
    const quotaOf = async (startTimestamp: number, endTimestamp: number) =>
      (await logStats(context.querier(), now)({ startTimestamp: t0 + startTimestamp, endTimestamp: t0 + endTimestamp })).quota;
    expect(await quotaOf(20, 130)).toBe(2 + 4);
    expect(await quotaOf(0, 129)).toBe(1 + 2);
    expect(await quotaOf(10, 10)).toBe(1);
    expect(await quotaOf(131, 178)).toBe(0);
    expect(await quotaOf(60, 179)).toBe(2 + 4 + 8);
  });

  it('answers zeros on an empty table', async () => {
    expect(await logStats(context.querier(), now)({})).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });
}
