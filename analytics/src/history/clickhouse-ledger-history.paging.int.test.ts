import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEventMetadata, type StoredEvent } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { afterAll, describe, expect, it } from 'vitest';
import { createChdbQuerier } from '../adapters/chdb/chdb-querier.js';
import { insertMovements } from '../ingest/movement-rows.js';
import { migrate } from '../migrations/migrator.js';
import { ClickHouseLedgerHistory } from './clickhouse-ledger-history.js';

const dir = await mkdtemp(join(tmpdir(), 'tollgate-history-paging-'));
const querier = createChdbQuerier({ path: dir });
await migrate(querier);
afterAll(async () => {
  await querier.close();
  await rm(dir, { recursive: true, force: true });
});

/** A grant whose event id sorts against the log order (ids count down), so only a read in log order passes. */
let nextId = 1_000;
const grant = (userId: number): LedgerEvent =>
  ({ type: 'QuotaGranted', metadata: { ...newEventMetadata(), eventId: `e-${nextId--}` }, data: { userId, username: `u${userId}`, amount: 1, logType: 1, content: 'code', source: 'redemption' } }) as LedgerEvent;

const at = (partition: number, offset: number, event: LedgerEvent): StoredEvent => ({ partition, offset, event });
const key = ({ partition, offset, event }: StoredEvent) => `${event.data.userId}/${partition}/${offset}/${event.metadata.eventId}`;

async function readAll(auditPage: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const stored of new ClickHouseLedgerHistory(querier, { auditPage }).readAll()) keys.push(key(stored));
  return keys;
}

describe('ClickHouseLedgerHistory.readAll pages in log order', () => {
  it('gives every event exactly once, each user in log order, whatever the page size', async () => {
    // User 2 has more events than several pages; users share partitions, as on a topic.
    const user2 = Array.from({ length: 11 }, (_, i) => at(0, 10 + 2 * i, grant(2)));
    const user1 = [at(1, 5, grant(1)), at(1, 6, grant(1)), at(0, 3, grant(1))];
    const user3 = [at(0, 40, grant(3)), at(0, 41, grant(3))];
    const producerRetry = at(0, 50, (user2[1] as StoredEvent).event); // the same event again at a later offset
    await insertMovements(querier, [...user3, ...user2.slice(0, 6), ...user1]);
    await insertMovements(querier, [...user2.slice(4), producerRetry]); // 4 and 5 again: a redelivered batch
    const byLogOrder = (a: StoredEvent, b: StoredEvent) => a.event.data.userId - b.event.data.userId || a.partition - b.partition || a.offset - b.offset;
    const expected = [...user1, ...user2, ...user3].sort(byLogOrder).map(key);
    for (const auditPage of [1, 3, 4, 20_000]) expect(await readAll(auditPage), `page of ${auditPage}`).toEqual(expected);
  });
});
