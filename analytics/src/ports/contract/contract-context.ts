import type { LedgerEvent } from '@tollgate/wire';
import { startIngestionWorker } from '../../ingest/ingestion-worker.js';
import { InMemoryEventLog } from '../../testing/in-memory-event-log.js';
import type { AnalyticsQuerier } from '../analytics-querier.js';
import type { EncodedInserter } from '../encoded-insert.js';

export interface ContractContext {
  /** The adapter under test; valid inside tests and hooks. */
  querier(): AnalyticsQuerier & EncodedInserter;
}

export interface Ingested {
  eventLog: InMemoryEventLog;
  /** Delivers the whole log again, as after a crash before the offsets were committed. */
  redeliver(): Promise<void>;
}

/** Ingests `events` through the real worker over an in-memory event log. */
export async function ingest(querier: AnalyticsQuerier, events: LedgerEvent[]): Promise<Ingested> {
  const eventLog = new InMemoryEventLog();
  await eventLog.append(events);
  const worker = await startIngestionWorker({ eventLog, querier });
  await eventLog.deliver('analytics');
  return {
    eventLog,
    async redeliver() {
      eventLog.rewind('analytics');
      await eventLog.deliver('analytics');
      await worker.stop();
    },
  };
}
