import { expect, it } from 'vitest';
import { z } from 'zod';
import { eventToLogRow } from '../../ingest/event-to-log-row.js';
import { type LogRow, logsTable } from '../../ingest/log-row.js';
import { migrate, rollback } from '../../migrations/migrator.js';
import { usageRecorded } from '../../testing/ledger-event-fixtures.js';
import type { AnalyticsQuerier } from '../analytics-querier.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { seedEvents, t0 } from './seed-logs.js';

const totalsRow = z.object({ rows: z.coerce.number(), requests: z.coerce.number(), quota: z.coerce.number(), tokens: z.coerce.number() });

/** Everything a rollup holds, summed; `rows` counts stored (unmerged) rollup rows. */
async function rollupTotals(querier: AnalyticsQuerier, table: 'usage_per_minute' | 'usage_per_hour' = 'usage_per_minute') {
  const [totals] = await querier.query({
    sql: `SELECT count() AS rows, sum(requests) AS requests, sum(quota) AS quota,
                 sum(prompt_tokens + completion_tokens) AS tokens FROM ${table}`,
    schema: totalsRow,
  });
  return totals;
}

/** The seed's consume rows: alice 75 + 300, bob 40; tokens 150 + 220 + 15. */
const seededTotals = { requests: 3, quota: 415, tokens: 385 };

export function usageRollupContract(context: ContractContext): void {
  it('rolls consume rows up per minute, user, model, token and channel', async () => {
    await ingest(context.querier(), seedEvents().events);
    const rows = await context.querier().query({
      sql: `SELECT minute, user_id, model_name, channel_id, requests, quota FROM usage_per_minute
            ORDER BY minute, user_id`,
      schema: z.object({
        minute: z.coerce.number(),
        user_id: z.number(),
        model_name: z.string(),
        channel_id: z.number(),
        requests: z.number(),
        quota: z.number(),
      }),
    });
    expect(rows).toEqual([
      { minute: t0, user_id: 1, model_name: 'gpt-4o-mini', channel_id: 3, requests: 1, quota: 75 },
      { minute: t0 + 60, user_id: 1, model_name: 'claude-3', channel_id: 4, requests: 1, quota: 300 },
      { minute: t0 + 120, user_id: 2, model_name: 'gpt-4o-mini', channel_id: 3, requests: 1, quota: 40 },
    ]);
  });

  it('counts a re-delivered batch once, with merges stopped', async () => {
    const querier = context.querier();
    // Merges cannot deduplicate a summing table anyway; stopped, they cannot hide a double count either.
    await querier.command('SYSTEM STOP MERGES usage_per_minute');
    const ingested = await ingest(querier, seedEvents().events);
    await ingested.redeliver();
    expect(await rollupTotals(querier)).toEqual({ rows: 3, ...seededTotals });
    // The hourly rollup, fed from the minute one, sees each event once too (one insert per batch).
    expect(await rollupTotals(querier, 'usage_per_hour')).toMatchObject(seededTotals);
    await querier.command('SYSTEM START MERGES usage_per_minute');
  });

  it('counts an event delivered twice in one batch once', async () => {
    const event = usageRecorded({ quota: 9, promptTokens: 4, completionTokens: 1 });
    await ingest(context.querier(), [event, event]);
    expect(await rollupTotals(context.querier())).toEqual({ rows: 1, requests: 1, quota: 9, tokens: 5 });
  });

  it('sums several requests of one minute into one key', async () => {
    const sameMinute = [usageRecorded({ quota: 1 }), usageRecorded({ quota: 2 }, (t0 + 59) * 1000)];
    await ingest(context.querier(), sameMinute);
    const totals = await rollupTotals(context.querier());
    expect(totals).toMatchObject({ requests: 2, quota: 3 });
  });

  it('backfills rows logged before the migration, once', async () => {
    const querier = context.querier();
    await rollback(querier, 1);
    // Only the logs table exists at version 1: its rows go in as the ingestion of that day wrote them.
    const rows = seedEvents().events.map(eventToLogRow).filter((row): row is LogRow => row !== null);
    await querier.insert(logsTable, rows);
    await migrate(querier);
    expect(await rollupTotals(querier)).toEqual({ rows: 3, ...seededTotals });
    expect(await rollupTotals(querier, 'usage_per_hour')).toMatchObject(seededTotals);
  });
}
