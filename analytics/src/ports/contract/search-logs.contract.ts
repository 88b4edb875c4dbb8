import { expect, it } from 'vitest';
import { searchLogs } from '../../queries/logs/search-logs.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { newestFirst, seedEvents } from './seed-logs.js';

/** new-api's keyword search: type or content prefix for administrators, type within one user's rows otherwise. */
export function searchLogsContract(context: ContractContext): void {
  it('searchLogs: a number finds its type; an administrator\'s text finds content by its start, % included', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const search = searchLogs(context.querier());
    expect((await search({ keyword: '2' })).map((row) => row.id)).toEqual(newestFirst(seeded.aliceDefault, seeded.aliceClaude, seeded.bobDefault));
    expect((await search({ keyword: '通过兑换码' })).map((row) => row.id)).toEqual(newestFirst(seeded.aliceTopUp));
    expect((await search({ keyword: '兑换码' })).map((row) => row.id)).toEqual([]);
    expect(await search({ keyword: 'x\\' })).toEqual([]);
  });

  it('searchLogs: a user\'s search matches only the type, only in their rows', async () => {
    const seeded = seedEvents();
    await ingest(context.querier(), seeded.events);
    const search = searchLogs(context.querier());
    expect((await search({ userId: 2, keyword: '2' })).map((row) => row.id)).toEqual(newestFirst(seeded.bobDefault));
    expect(await search({ userId: 1, keyword: '通过兑换码' })).toEqual([]);
  });
}
