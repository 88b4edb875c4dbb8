import { expect, it } from 'vitest';
import { z } from 'zod';
import { listLogs } from '../../queries/logs/list-logs.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { newestFirst, seedEvents } from './seed-logs.js';

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

  it('shows a duplicate row once on every page, before any merge', async () => {
    const querier = context.querier();
    // With merges stopped the duplicates stay on disk, so only the page reads' FINAL can hide them.
    // They are written past the ingestion's check, as two consumers racing on one batch would; the
    // counts (the total, and the rollups behind the stats) rest on that check, tested above.
    await querier.command('SYSTEM STOP MERGES logs');
    const seeded = seedEvents();
    await ingest(querier, seeded.events);
    await querier.command('INSERT INTO logs SELECT * FROM logs');
    const stored = await querier.query({ sql: 'SELECT count() AS n FROM logs', schema: z.object({ n: z.number() }) });
    expect(stored).toEqual([{ n: 12 }]);
    const list = listLogs(querier);
    expect((await list({ limit: 100 })).items.map((item) => item.id)).toEqual(newestFirst(...seeded.events.slice(0, 6)));
    const pages = await Promise.all([0, 2, 4].map((offset) => list({ offset, limit: 2 })));
    expect(new Set(pages.flatMap((page) => page.items.map((item) => item.id))).size).toBe(6);
    await querier.command('SYSTEM START MERGES logs');
  });
}
