import { expect, it } from 'vitest';
import { listLogs, type ListLogsInput } from '../../queries/logs/list-logs.js';
import type { z } from 'zod';
import type { AnalyticsQuerier, SelectQuery } from '../analytics-querier.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { newestFirst, seedEvents, t0, type SeededEvents } from './seed-logs.js';
import { usageRecorded } from '../../testing/ledger-event-fixtures.js';

const hour = 3_600;
const day = 86_400;

type FilterCase = [label: string, input: ListLogsInput, expected: (seeded: SeededEvents) => string[]];

const filterCases: FilterCase[] = [
  ['no filter: everything, newest first', {}, (s) => newestFirst(s.aliceDefault, s.aliceClaude, s.bobDefault, s.aliceAdjusted, s.bobSystem, s.aliceTopUp)],
  ['userId (self)', { userId: 1 }, (s) => newestFirst(s.aliceDefault, s.aliceClaude, s.aliceAdjusted, s.aliceTopUp)],
  ['type 0 means all', { type: 0, userId: 2 }, (s) => newestFirst(s.bobDefault, s.bobSystem)],
  ['type consume', { type: 2 }, (s) => newestFirst(s.aliceDefault, s.aliceClaude, s.bobDefault)],
  ['type top-up', { type: 1 }, (s) => newestFirst(s.aliceTopUp)],
  ['type admin', { type: 3 }, (s) => newestFirst(s.aliceAdjusted)],
  ['type system', { type: 4 }, (s) => newestFirst(s.bobSystem)],
  ['username', { username: 'bob' }, (s) => newestFirst(s.bobDefault, s.bobSystem)],
  ['token name', { tokenName: 'other' }, (s) => newestFirst(s.aliceClaude)],
  ['model name', { modelName: 'gpt-4o-mini' }, (s) => newestFirst(s.aliceDefault, s.bobDefault)],
  ['model name as a LIKE pattern (%), case aside', { modelName: 'GPT-4o%' }, (s) => newestFirst(s.aliceDefault, s.bobDefault)],
  ['model name as a LIKE pattern (_)', { modelName: 'claude_3' }, (s) => newestFirst(s.aliceClaude)],
  ['model name with a trailing backslash', { modelName: 'claude\\' }, () => []],
  ['token id', { tokenId: 10 }, (s) => newestFirst(s.aliceDefault, s.aliceClaude, s.bobDefault)],
  ['channel', { channel: 4 }, (s) => newestFirst(s.aliceClaude)],
  ['channel 0 means all', { channel: 0, type: 2 }, (s) => newestFirst(s.aliceDefault, s.aliceClaude, s.bobDefault)],
  ['time range, both ends inclusive', { startTimestamp: t0 + 60, endTimestamp: t0 + 180 }, (s) => newestFirst(s.aliceClaude, s.bobDefault, s.aliceAdjusted)],
  ['empty strings mean no filter', { username: '', tokenName: '', modelName: '', type: 3 }, (s) => newestFirst(s.aliceAdjusted)],
  ['filters combine', { userId: 1, type: 2, modelName: 'gpt-4o-mini' }, (s) => newestFirst(s.aliceDefault)],
  ['nothing matches', { username: 'carol' }, () => []],
];

export function listLogsContract(context: ContractContext): void {
  it.each(filterCases)('listLogs filters: %s', async (_label, input, expected) => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const page = await listLogs(context.querier())({ ...input, limit: 100 });
    const ids = expected(seeded);
    expect(page.items.map((item) => item.id)).toEqual(ids);
    expect(page.total).toBe(ids.length);
  });

  it('pages with offset and limit while total counts every match', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const page = await listLogs(context.querier())({ offset: 1, limit: 2 });
    expect(page.items.map((item) => item.id)).toEqual(newestFirst(seeded.aliceAdjusted, seeded.bobSystem));
    expect(page.total).toBe(6);
  });

  it('never counts a row its page lacks, when a row arrives between its reads', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), [seeded.aliceDefault]);
    const arriving = interleaving(context.querier(), () => ingest(context.querier(), [seeded.aliceClaude]));
    const page = await listLogs(arriving)({ limit: 100 });
    expect(page.items.length).toBeGreaterThanOrEqual(page.total);
    expect(page.items[0]?.id).toBe(seeded.aliceClaude.metadata.eventId);
  });

  it('returns rows shaped as the spec log entry', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const page = await listLogs(context.querier())({ tokenName: 'other' });
    expect(page.items).toEqual([
      {
        id: seeded.aliceClaude.metadata.eventId,
        created_at: t0 + 60,
        type: 2,
        content: seeded.aliceClaude.data.content,
        username: 'alice',
        token_id: 10,
        token_name: 'other',
        model_name: 'claude-3',
        quota: 300,
        prompt_tokens: 200,
        completion_tokens: 20,
        use_time: 2,
        is_stream: true,
        channel: 4,
        other: JSON.stringify(seeded.aliceClaude.data.other),
        group: 'default',
        user_id: 1,
      },
    ]);
  });

  it('pages newest first across the read windows (an hour, a day, a week, a month, a year, all)', async () => {
    const end = t0 + 400 * day;
    const ages = [10, 2 * hour, 3 * day, 20 * day, 200 * day, 390 * day];
    const events = ages.map((age, i) => usageRecorded({ quota: i + 1 }, (end - age) * 1000));
    await ingest(context.querier(), events);
    const list = listLogs(context.querier(), () => end * 1000);
    const pages = await Promise.all(ages.map((_, offset) => list({ offset, limit: 1 })));
    expect(pages.map((page) => page.items.map((item) => item.quota))).toEqual([[1], [2], [3], [4], [5], [6]]);
    expect(pages.map((page) => page.total)).toEqual([6, 6, 6, 6, 6, 6]);
    const older = await list({ endTimestamp: end - day, limit: 2 });
    expect(older.items.map((item) => item.quota)).toEqual([3, 4]);
  });

  it('widens the read when copies of a row fill the narrow window', async () => {
    const querier = context.querier();
    const end = t0 + 400 * day;
    const events = [10, 2 * day].map((age, i) => usageRecorded({ quota: i + 1 }, (end - age) * 1000));
    await querier.command('SYSTEM STOP MERGES logs');
    await ingest(querier, events);
    // The newest row twice on disk: the hour's count says 2, and holds 1 row once FINAL merges it.
    await querier.command('INSERT INTO logs SELECT * FROM logs WHERE quota = 1');
    const page = await listLogs(querier, () => end * 1000)({ limit: 2 });
    expect(page.items.map((item) => item.quota)).toEqual([1, 2]);
    await querier.command('SYSTEM START MERGES logs');
  });

  it('keeps a negative admin adjustment signed', async () => {
    await ingest(context.querier(), seedEvents().events);
    const page = await listLogs(context.querier())({ type: 3 });
    expect(page.items[0]?.quota).toBe(-1000);
  });
}

/** Runs the reads one after another and calls `between` once, after the first read returns. */
function interleaving(querier: AnalyticsQuerier, between: () => Promise<unknown>): AnalyticsQuerier {
  let previous: Promise<unknown> = Promise.resolve();
  let reads = 0;
  return {
    insert: (table, rows) => querier.insert(table, rows),
    queryBytes: (query) => querier.queryBytes(query),
    command: (sql, params) => querier.command(sql, params),
    close: () => querier.close(),
    query<Schema extends z.ZodType>(select: SelectQuery<Schema>): Promise<Array<z.infer<Schema>>> {
      const read = previous.then(async () => {
        const rows = await querier.query(select);
        reads += 1;
        if (reads === 1) await between();
        return rows;
      });
      previous = read;
      return read;
    },
  };
}
