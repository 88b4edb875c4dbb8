import { setTimeout as sleep } from 'node:timers/promises';
import type { EventLogReader, StoredEvent } from '@tollgate/ledger';
import { z } from 'zod';
import { insertMovements } from '../ingest/movement-rows.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';

/** Events per insert while backfilling. */
const BATCH = 5_000;
const RETRY_MS = 30_000;
const doneTable = 'ledger_movements_backfill';

const countSchema = z.object({ rows: z.coerce.number() });

async function copyLog(querier: AnalyticsQuerier, log: EventLogReader): Promise<number> {
  let copied = 0;
  let batch: StoredEvent[] = [];
  for await (const stored of log.readAll()) {
    batch.push(stored);
    if (batch.length < BATCH) continue;
    await insertMovements(querier, batch);
    copied += batch.length;
    batch = [];
  }
  await insertMovements(querier, batch);
  return copied + batch.length;
}

/**
 * An install older than `ledger_movements` has its events in the log only, behind the ingestion's
 * committed offsets: the log is copied into the table once, from its start, and a row in
 * `ledger_movements_backfill` says it was (a copy cut short by a restart is done again). It runs
 * beside the ingestion, not before it, so a start never waits on the broker; rows both write are
 * kept once. A failed pass is retried; `onError` hears of it.
 */
export async function backfillMovements(querier: AnalyticsQuerier, log: EventLogReader, onError: (error: unknown) => void, signal?: AbortSignal): Promise<void> {
  const [done] = await querier.query({ sql: `SELECT count() AS rows FROM ${doneTable}`, schema: countSchema });
  if ((done?.rows ?? 0) > 0) return;
  while (!signal?.aborted) {
    try {
      const events = await copyLog(querier, log);
      await querier.insert(doneTable, [{ events }]);
      return;
    } catch (error) {
      onError(error);
      await sleep(RETRY_MS, undefined, { signal }).catch(() => undefined);
    }
  }
}
