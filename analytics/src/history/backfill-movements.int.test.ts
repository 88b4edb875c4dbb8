import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventLogReader, StoredEvent } from '@tollgate/ledger';
import { createSqliteEventLog } from '@tollgate/ledger/sqlite';
import { newEventMetadata } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { afterAll, describe, expect, it } from 'vitest';
import { createChdbQuerier } from '../adapters/chdb/chdb-querier.js';
import { migrate } from '../migrations/migrator.js';
import { backfillMovements } from './backfill-movements.js';
import { ClickHouseLedgerHistory } from './clickhouse-ledger-history.js';

const dir = await mkdtemp(join(tmpdir(), 'tollgate-backfill-'));
const querier = createChdbQuerier({ path: join(dir, 'chdb') });
await migrate(querier);
afterAll(async () => {
  await querier.close();
  await rm(dir, { recursive: true, force: true });
});

const grant = (userId: number, amount: number): LedgerEvent => ({ type: 'QuotaGranted', metadata: newEventMetadata(), data: { userId, username: `u${userId}`, amount, logType: 1, content: 'code', source: 'redemption' } }) as LedgerEvent;

async function all(reader: EventLogReader): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const one of reader.readAll()) events.push(one);
  return events;
}

describe('backfillMovements', () => {
  it('copies a log older than the kept history once, then never again', async () => {
    const log = createSqliteEventLog({ path: join(dir, 'ledger.db') });
    try {
      await log.append([grant(1, 100), grant(2, 200), grant(1, 5)]);
      const failures: unknown[] = [];
      await backfillMovements(querier, log, (error) => failures.push(error));
      const history = new ClickHouseLedgerHistory(querier);
      const ids = async (reader: EventLogReader) => (await all(reader)).map((s) => s.event.metadata.eventId).sort();
      expect(await ids(history)).toEqual(await ids(log));
      await log.append([grant(3, 1)]);
      await backfillMovements(querier, log, (error) => failures.push(error));
      expect(await all(history)).toHaveLength(3); // the ingestion, not a second copy, brings what came after
      expect(failures).toEqual([]);
    } finally {
      await log.close();
    }
  });
});
