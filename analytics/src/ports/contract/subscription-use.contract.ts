import type { UsageRecorded } from '@tollgate/wire';
import { expect, it } from 'vitest';
import { eventToLogRow } from '../../ingest/event-to-log-row.js';
import { type LogRow, logsTable } from '../../ingest/log-row.js';
import { loadMigrations } from '../../migrations/migration-files.js';
import { migrate, rollback } from '../../migrations/migrator.js';
import { deleteLogsBefore } from '../../queries/logs/delete-logs.js';
import { exportDailySubscriptionUse, type DailyUsage } from '../../queries/rollups/export-daily-usage.js';
import { usageRecorded } from '../../testing/ledger-event-fixtures.js';
import type { AnalyticsQuerier } from '../analytics-querier.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { seedEvents, t0 } from './seed-logs.js';

const day = 86_400;
const twoDays = { startTimestamp: t0, endTimestamp: t0 + 2 * day };

/** Calls of two users and two days, some a subscription paid and some the wallet, each with its own quota and tokens. */
function mixedCalls(): UsageRecorded[] {
  const call = (quota: number, seconds: number, more: Partial<UsageRecorded['data']> = {}) =>
    usageRecorded({ quota, promptTokens: quota * 2, completionTokens: quota * 3, ...more }, (t0 + seconds) * 1000);
  const plan = { subscriptionId: 7 };
  const bob = { userId: 2, username: 'bob', subscriptionId: 8 };
  return [
    call(11, 30, plan), call(13, 90, plan), call(5, 95), call(17, 60, { ...plan, model: 'claude-3' }),
    call(19, day + 30, plan), call(29, day + 40), call(31, 3 * day, plan), call(37, 150, bob),
  ];
}

/**
 * What exportDailySubscriptionUse must give for `calls` in `twoDays`, computed here from the events
 * themselves: the subscription-paid ones summed per user, day and model, in (user, day, model) order.
 */
function expectedUse(calls: UsageRecorded[]): [number, string, string, number, number, number][] {
  const sums = new Map<string, [number, string, string, number, number, number]>();
  for (const { data, metadata } of calls) {
    const seconds = metadata.occurredAt / 1000;
    if (data.subscriptionId === undefined || seconds >= twoDays.endTimestamp + 60) continue;
    const dayText = new Date(metadata.occurredAt).toISOString().slice(0, 10);
    const key = `${data.userId}|${dayText}|${data.model}`;
    const sum = sums.get(key) ?? [data.userId, dayText, data.model, 0, 0, 0];
    sums.set(key, [sum[0], sum[1], sum[2], sum[3] + 1, sum[4] + data.quota, sum[5] + data.promptTokens + data.completionTokens]);
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, sum]) => sum);
}

/** Migration 0008's statements: the table, its view and the backfill. */
async function subscriptionUseMigration(): Promise<string[]> {
  return (await loadMigrations()).find((one) => one.version === 8)?.up ?? [];
}

async function use(querier: AnalyticsQuerier) {
  const rows: DailyUsage[] = [];
  for await (const page of exportDailySubscriptionUse(querier)({ ...twoDays, pageSize: 2 })) rows.push(...page);
  return rows.map((row) => [row.user_id, row.day, row.model_name, row.requests, row.quota, row.prompt_tokens + row.completion_tokens]);
}

/** Issue #41: the calls subscriptions paid have their own rollup, which statements read and which outlives the log rows. */
export function subscriptionUseContract(context: ContractContext): void {
  it('keeps the calls subscriptions paid after their log rows are deleted', async () => {
    const querier = context.querier();
    const calls = mixedCalls();
    await ingest(querier, [...seedEvents().events, ...calls]);
    const expected = expectedUse(calls);
    expect(await use(querier)).toEqual(expected);
    expect(await deleteLogsBefore(querier)(t0 + 4 * day)).toBe(calls.length + seedEvents().events.length - 1);
    expect(await use(querier)).toEqual(expected);
  });

  it('counts a re-delivered batch once, with merges stopped', async () => {
    const querier = context.querier();
    await querier.command('SYSTEM STOP MERGES subscription_use_per_minute');
    const calls = mixedCalls();
    const ingested = await ingest(querier, calls);
    await ingested.redeliver();
    expect(await use(querier)).toEqual(expectedUse(calls));
    await querier.command('SYSTEM START MERGES subscription_use_per_minute');
  });

  it('backfills the subscription-paid calls logged before the migration, once, and a rerun of its statements adds nothing', async () => {
    const querier = context.querier();
    expect(await rollback(querier, 7)).toEqual([8]);
    // At version 7 the log rows are there as the ingestion of that day wrote them.
    const calls = mixedCalls();
    await querier.insert(logsTable, calls.map(eventToLogRow).filter((row): row is LogRow => row !== null));
    expect(await migrate(querier)).toEqual([8]);
    expect(await use(querier)).toEqual(expectedUse(calls));
    // A crash after its statements ran but before its version was recorded runs them again.
    for (const statement of await subscriptionUseMigration()) await querier.command(statement);
    expect(await use(querier)).toEqual(expectedUse(calls));
    expect(await migrate(querier)).toEqual([]);
  });

  it("a call another process ingests between the view's creation and the backfill does not make the migration skip the history", async () => {
    const querier = context.querier();
    await rollback(querier, 7);
    const calls = mixedCalls();
    await querier.insert(logsTable, calls.map(eventToLogRow).filter((row): row is LogRow => row !== null));
    // The table and its view exist, the backfill has not run yet, and a new plan-paid call is ingested.
    for (const statement of (await subscriptionUseMigration()).filter((one) => one.startsWith('CREATE'))) await querier.command(statement);
    const meanwhile = usageRecorded({ userId: 3, username: 'carol', quota: 41, subscriptionId: 9 }, (t0 + day + 600) * 1000);
    await ingest(querier, [meanwhile]);
    expect(await migrate(querier)).toEqual([8]);
    expect(await use(querier)).toEqual(expectedUse([...calls, meanwhile]));
  });
}
