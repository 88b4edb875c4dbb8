import { expect, it } from 'vitest';
import { exportDailySubscriptionUse, exportDailyUsage } from '../../queries/rollups/export-daily-usage.js';
import { exportLogs } from '../../queries/logs/export-logs.js';
import { quotaData } from '../../queries/rollups/quota-data.js';
import { usageRecorded } from '../../testing/ledger-event-fixtures.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { seedEvents, t0 } from './seed-logs.js';

const day = 86_400;
/** t0 is Saturday 2024-06-01 00:00 UTC; its week starts on Monday 2024-05-27. */
const mondayBeforeT0 = t0 - 5 * day;
const wholeSeed = { startTimestamp: t0, endTimestamp: t0 + 600 };

async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const page of pages) {
    all.push(page);
  }
  return all;
}

export function usageQueriesContract(context: ContractContext): void {
  it('quotaData sums every user by model per hour', async () => {
    await ingest(context.querier(), seedEvents().events);
    expect(await quotaData(context.querier())(wholeSeed)).toEqual([
      { user_id: 0, username: '', model_name: 'claude-3', created_at: t0, token_used: 220, count: 1, quota: 300 },
      { user_id: 0, username: '', model_name: 'gpt-4o-mini', created_at: t0, token_used: 165, count: 2, quota: 115 },
    ]);
  });

  it('quotaData scopes to a user by id or by name', async () => {
    await ingest(context.querier(), seedEvents().events);
    const query = quotaData(context.querier());
    const bob = [{ user_id: 2, username: 'bob', model_name: 'gpt-4o-mini', created_at: t0, token_used: 15, count: 1, quota: 40 }];
    expect(await query({ ...wholeSeed, username: 'bob' })).toEqual(bob);
    expect(await query({ ...wholeSeed, userId: 2 })).toEqual(bob);
    expect((await query({ ...wholeSeed, userId: 1 })).map((row) => row.model_name)).toEqual(['claude-3', 'gpt-4o-mini']);
  });

  it('quotaData buckets by day and by Monday-first week, and keeps to the range', async () => {
    const nextDay = usageRecorded({ quota: 5, promptTokens: 1, completionTokens: 1 }, (t0 + day + 30) * 1000);
    await ingest(context.querier(), [...seedEvents().events, nextDay]);
    const query = quotaData(context.querier());
    const range = { startTimestamp: t0, endTimestamp: t0 + 2 * day };
    const byDay = await query({ ...range, granularity: 'day' });
    expect(byDay.map((row) => [row.created_at, row.model_name, row.quota])).toEqual([
      [t0, 'claude-3', 300],
      [t0, 'gpt-4o-mini', 115],
      [t0 + day, 'gpt-4o-mini', 5],
    ]);
    // Sunday 2024-06-02 falls in the week that began on Monday 2024-05-27, as Saturday t0 does.
    const byWeek = await query({ ...range, granularity: 'week' });
    expect(byWeek.map((row) => [row.created_at, row.model_name, row.quota])).toEqual([
      [mondayBeforeT0, 'claude-3', 300],
      [mondayBeforeT0, 'gpt-4o-mini', 120],
    ]);
    expect(await query({ startTimestamp: t0 + 61, endTimestamp: t0 + day - 1 })).toEqual([
      { user_id: 0, username: '', model_name: 'gpt-4o-mini', created_at: t0, token_used: 15, count: 1, quota: 40 },
    ]);
  });

  it('quotaData and exportDailyUsage sum whole hours and the minutes at the range edges alike, and nothing outside', async () => {
    const at = (minutes: number, quota: number) => usageRecorded({ quota, promptTokens: 1, completionTokens: 1 }, (t0 + minutes * 60) * 1000);
    await ingest(context.querier(), [at(20, 1), at(45, 2), at(90, 4), at(150, 8), at(185, 16), at(200, 32)]);
    const rows = await quotaData(context.querier())({ startTimestamp: t0 + 30 * 60 + 5, endTimestamp: t0 + 190 * 60 });
    expect(rows.map((row) => [row.created_at - t0, row.quota, row.count])).toEqual([
      [0, 2, 1],
      [3_600, 4, 1],
      [7_200, 8, 1],
      [10_800, 16, 1],
    ]);
    const daily = await collect(exportDailyUsage(context.querier())({ startTimestamp: t0 + 30 * 60 + 5, endTimestamp: t0 + 190 * 60 }));
    expect(daily.flat().map((row) => [row.day, row.requests, row.quota])).toEqual([['2024-06-01', 4, 2 + 4 + 8 + 16]]);
  });

  it('exportLogs pages every row of the range once, by user then time', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const pages = await collect(exportLogs(context.querier())({ ...wholeSeed, pageSize: 2 }));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);
    const ids = pages.flat().map((row) => row.id);
    const { aliceDefault, aliceClaude, aliceAdjusted, aliceTopUp, bobDefault, bobSystem } = seeded;
    expect(ids).toEqual([aliceDefault, aliceClaude, aliceAdjusted, aliceTopUp, bobDefault, bobSystem].map((e) => e.metadata.eventId));
    const inner = await collect(exportLogs(context.querier())({ startTimestamp: t0 + 60, endTimestamp: t0 + 120 }));
    expect(inner.flat().map((row) => row.id)).toEqual([aliceClaude, bobDefault].map((e) => e.metadata.eventId));
  });

  it('exportDailyUsage pages per-user, per-model, per-day totals', async () => {
    const nextDay = usageRecorded({ quota: 5, promptTokens: 1, completionTokens: 1 }, (t0 + day) * 1000);
    await ingest(context.querier(), [...seedEvents().events, nextDay]);
    const pages = await collect(exportDailyUsage(context.querier())({ startTimestamp: t0, endTimestamp: t0 + 2 * day, pageSize: 1 }));
    expect(pages.map((page) => page.length)).toEqual([1, 1, 1, 1]);
    expect(pages.flat()).toEqual([
      { day: '2024-06-01', user_id: 1, username: 'alice', model_name: 'claude-3', requests: 1, prompt_tokens: 200, completion_tokens: 20, quota: 300 },
      { day: '2024-06-01', user_id: 1, username: 'alice', model_name: 'gpt-4o-mini', requests: 1, prompt_tokens: 100, completion_tokens: 50, quota: 75 },
      { day: '2024-06-02', user_id: 1, username: 'alice', model_name: 'gpt-4o-mini', requests: 1, prompt_tokens: 1, completion_tokens: 1, quota: 5 },
      { day: '2024-06-01', user_id: 2, username: 'bob', model_name: 'gpt-4o-mini', requests: 1, prompt_tokens: 10, completion_tokens: 5, quota: 40 },
    ]);
  });

  it('exportDailySubscriptionUse pages only the calls subscriptions paid, per user, day and model, within the range (issue #41)', async () => {
    const paid = (quota: number, atSeconds: number, model = 'gpt-4o-mini') => usageRecorded({ quota, model, subscriptionId: 7 }, atSeconds * 1000);
    await ingest(context.querier(), [...seedEvents().events, paid(11, t0 + 30), paid(13, t0 + 90), paid(17, t0 + 60, 'claude-3'), paid(19, t0 + day + 30), paid(23, t0 + 3 * day)]);
    const pages = await collect(exportDailySubscriptionUse(context.querier())({ startTimestamp: t0, endTimestamp: t0 + 2 * day, pageSize: 2 }));
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(pages.flat().map((row) => [row.day, row.user_id, row.model_name, row.requests, row.quota])).toEqual([
      ['2024-06-01', 1, 'claude-3', 1, 17],
      ['2024-06-01', 1, 'gpt-4o-mini', 2, 11 + 13],
      ['2024-06-02', 1, 'gpt-4o-mini', 1, 19],
    ]);
  });
}
