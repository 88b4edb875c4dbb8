import { expect, it } from 'vitest';
import { z } from 'zod';
import { listLogs } from '../../queries/list-logs.js';
import { logStats } from '../../queries/log-stats.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { seedEvents, t0 } from './seed-logs.js';

export function ingestionContract(context: ContractContext): void {
  it('writes one row per logged event and none for TokenQuotaSet', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const page = await listLogs(context.querier())({ limit: 100 });
    expect(page.total).toBe(6);
    expect(page.items.map((item) => item.type).sort()).toEqual([1, 2, 2, 2, 3, 4]);
  });

  it('does not insert a re-delivered batch again', async () => {
    const querier = context.querier();
    const ingested = await ingest(querier, seedEvents().events);
    await ingested.redeliver();
    const stored = await querier.query({ sql: 'SELECT count() AS n FROM logs', schema: z.object({ n: z.number() }) });
    expect(stored).toEqual([{ n: 6 }]);
  });

  it('shows a duplicate row once, before any merge', async () => {
    const querier = context.querier();
    // With merges stopped the duplicates stay on disk, so only the queries' FINAL can hide them.
    // They are written past the ingestion's check, as two consumers racing on one batch would.
    await querier.command('SYSTEM STOP MERGES logs');
    await ingest(querier, seedEvents().events);
    const clock = () => (t0 + 150) * 1000;
    const statsBefore = await logStats(querier, clock)({});
    await querier.command('INSERT INTO logs SELECT * FROM logs');
    const stored = await querier.query({ sql: 'SELECT count() AS n FROM logs', schema: z.object({ n: z.number() }) });
    expect(stored).toEqual([{ n: 12 }]);
    const page = await listLogs(querier)({ limit: 100 });
    expect(page.total).toBe(6);
    expect(new Set(page.items.map((item) => item.id)).size).toBe(6);
    expect(await logStats(querier, clock)({})).toEqual(statsBefore);
    await querier.command('SYSTEM START MERGES logs');
  });
}
