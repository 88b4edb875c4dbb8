import { newEventMetadata, type StoredEvent } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { migratedChdb } from '../testing/migrated-chdb.js';
import { insertMovements } from '../ingest/movement-rows.js';
import { migrate, rollback } from '../migrations/migrator.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { ClickHouseLedgerHistory } from './clickhouse-ledger-history.js';

// One engine for the file (chdb allows one data directory per process), its tables emptied per test where needed.
const querier = await migratedChdb('history-paging');

/** A grant whose event id sorts against the log order (ids count down), so only a read in log order passes. */
let nextId = 1_000;
const grant = (userId: number): LedgerEvent =>
  ({ type: 'QuotaGranted', metadata: { ...newEventMetadata(), eventId: `e-${nextId--}` }, data: { userId, username: `u${userId}`, amount: 1, logType: 1, content: 'code', source: 'redemption' } }) as LedgerEvent;

const usageRecorded = (userId: number): LedgerEvent =>
  ({ type: 'UsageRecorded', metadata: { ...newEventMetadata(), eventId: `e-${nextId--}` }, data: { requestId: 'r', holdId: 'h', userId, username: `u${userId}`, tokenId: 1, tokenName: 't', channelId: 1, model: 'm', group: 'default', promptTokens: 1, completionTokens: 1, quota: 1, isStream: false, useTimeMs: 1, content: '', other: {} } }) as LedgerEvent;
const at = (partition: number, offset: number, event: LedgerEvent): StoredEvent => ({ partition, offset, event });
const key = ({ partition, offset, event }: StoredEvent) => `${event.data.userId}/${partition}/${offset}/${event.metadata.eventId}`;

async function readAll(pageSize: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const stored of new ClickHouseLedgerHistory(querier, { pageSize }).readAll()) keys.push(key(stored));
  return keys;
}

async function movementIds(history: ClickHouseLedgerHistory, query: { userId?: number }): Promise<string[]> {
  const ids: string[] = [];
  for await (const event of history.movementEvents(query)) ids.push(event.metadata.eventId);
  return ids;
}

describe('ClickHouseLedgerHistory pages in log order', () => {
  it('gives every event exactly once, each user in log order, whatever the page size; a statement its movements so too, calls left out', async () => {
    // User 2 has more events than several pages; users share partitions, as on a topic.
    const user2 = Array.from({ length: 11 }, (_, i) => at(0, 10 + 2 * i, grant(2)));
    const user1 = [at(1, 5, grant(1)), at(1, 6, grant(1)), at(0, 3, grant(1))];
    const user3 = [at(0, 40, grant(3)), at(0, 41, grant(3))];
    const producerRetry = at(0, 50, (user2[1] as StoredEvent).event); // the same event again at a later offset
    await insertMovements(querier, [...user3, ...user2.slice(0, 6), ...user1]);
    await insertMovements(querier, [...user2.slice(4), producerRetry]); // 4 and 5 again: a redelivered batch
    const byLogOrder = (a: StoredEvent, b: StoredEvent) => a.event.data.userId - b.event.data.userId || a.partition - b.partition || a.offset - b.offset;
    const expected = [...user1, ...user2, ...user3].sort(byLogOrder).map(key);
    for (const pageSize of [1, 3, 4, 20_000]) expect(await readAll(pageSize), `page of ${pageSize}`).toEqual(expected);
    // Statements' movements page the same way, calls left out, one user or all.
    const call = at(0, 60, usageRecorded(2));
    await insertMovements(querier, [call]);
    const ids = (events: StoredEvent[]) => events.map((one) => one.event.metadata.eventId);
    for (const pageSize of [1, 3, 20_000]) {
      const history = new ClickHouseLedgerHistory(querier, { pageSize });
      expect(await movementIds(history, {}), `page of ${pageSize}`).toEqual(ids([...user1, ...user2, ...user3].sort(byLogOrder)));
      expect(await movementIds(history, { userId: 2 }), `page of ${pageSize}`).toEqual(ids(user2));
    }
  });

  it('an install older than ledger_log_order gets its kept events there when it migrates', async () => {
    await querier.command('TRUNCATE TABLE ledger_movements');
    await querier.command('TRUNCATE TABLE ledger_log_order');
    expect(await rollback(querier, 6)).toEqual([8, 7]);
    const before = [at(0, 1, grant(8)), at(0, 2, grant(9))];
    await insertMovements(querier, before);
    expect(await migrate(querier)).toEqual([7, 8]);
    expect(await readAll(1)).toEqual(before.map(key));
  });

  it('by default a page holds at most 10,000 events, so the audit holds one such page of parsed rows whatever the history', async () => {
    await querier.command('TRUNCATE TABLE ledger_movements');
    await querier.command('TRUNCATE TABLE ledger_log_order');
    const events = Array.from({ length: 25_000 }, (_, i) => at(0, i, grant(1 + (i % 7))));
    await insertMovements(querier, events);
    const pages: number[] = [];
    const counting: AnalyticsQuerier = {
      ...querier,
      query: async (query) => {
        const rows = await querier.query(query);
        if (query.sql.includes('payload')) pages.push(rows.length);
        return rows;
      },
    };
    const offsets: number[] = [];
    for await (const stored of new ClickHouseLedgerHistory(counting).readAll()) offsets.push(stored.offset);
    expect(new Set(offsets).size).toBe(25_000);
    expect(pages).toEqual([10_000, 10_000, 5_000]);
  });
});
