import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventToLogRow, type LogRow, logsTable, migrate, movementRowOf, movementsTable, startIngestionWorker } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { createKafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import type { UsageRecorded } from '@tollgate/wire';
import { BatchClock } from './batch-clock.js';
import type { Row } from '../report.js';

/**
 * The ingestion on the real engines (issue #36): N usage events waiting on a one-partition Kafka
 * topic, taken by one ingestion worker into ClickHouse (chdb), beside the raw insert speed of the
 * same ClickHouse for the same rows (each batch's ledger_movements rows, then its log rows) in the
 * same batch size, in the same run. Both are timed from the end of their first batch to the end
 * of their last: the worker's consumer-group join (seconds on a fresh broker) is a start-up cost,
 * not a speed.
 */
export interface PipelineFigures {
  events: number;
  rawRowsPerSecond: number;
  ingestionRowsPerSecond: number;
  inserts: number;
}

const BATCH = 20_000;

/** The i-th call of the workload: 1,000 users (each with its token), 5 channels, 75 quota a call. */
export function usageEvent(i: number, at: number): UsageRecorded {
  const user = (i % 1_000) + 1;
  return {
    type: 'UsageRecorded',
    data: { requestId: `bench-req-${i}`, holdId: `bench-hold-${i}`, userId: user, username: `user${user}`, tokenId: user, tokenName: 'default', channelId: (i % 5) + 1, model: 'gpt-4o-mini', group: 'default', promptTokens: 100, completionTokens: 50, quota: 75, isStream: false, useTimeMs: 900, content: '', other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: 300 } },
    metadata: { eventId: `bench-evt-${at}-${i.toString(36).padStart(8, '0')}`, occurredAt: at, version: 1 },
  } as UsageRecorded;
}

export async function measurePipeline(brokers: string, events: number, log: (line: string) => void): Promise<PipelineFigures> {
  const at = Date.now();
  const all = Array.from({ length: events }, (_, i) => usageEvent(i, at));
  const rows = all.map((event) => eventToLogRow(event)).filter((row): row is LogRow => row !== null);
  const movements = all.map((event, offset) => movementRowOf({ partition: 0, offset, event }));
  const eventLog = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tollgate.bench.pipeline.${process.pid}.${at}`, partitions: 1 });
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-pipeline-'));
  const querier = createChdbQuerier({ path: join(dir, 'analytics') });
  try {
    await migrate(querier);
    log(`pipeline: appending ${events} events to Kafka`);
    for (let start = 0; start < events; start += 500) await eventLog.append(all.slice(start, start + 500));
    log('pipeline: raw inserts');
    const raw = new BatchClock();
    for (let start = 0; start < rows.length; start += BATCH) {
      await querier.insert(movementsTable, movements.slice(start, start + BATCH));
      await querier.insert(logsTable, rows.slice(start, start + BATCH));
      raw.batchEnded(Math.min(BATCH, rows.length - start));
    }
    await querier.command(`TRUNCATE TABLE ${logsTable}`);
    await querier.command(`TRUNCATE TABLE ${movementsTable}`);
    log('pipeline: ingestion worker');
    const ingestion = new BatchClock();
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    const worker = await startIngestionWorker({ eventLog, querier, group: 'bench-analytics', onRowsInserted: (batch) => { if (ingestion.batchEnded(batch.length) >= rows.length) done(); } });
    await finished;
    await worker.stop();
    return { events, rawRowsPerSecond: raw.rowsPerSecond(), ingestionRowsPerSecond: ingestion.rowsPerSecond(), inserts: ingestion.batches };
  } finally {
    await eventLog.close();
    await querier.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The measurement's row: the ingestion's rows a second beside the raw insert's, and the target. */
export function pipelineRows(figures: PipelineFigures): Row[] {
  const ratio = figures.ingestionRowsPerSecond / figures.rawRowsPerSecond;
  return [{
    measure: `${figures.events} usage events from a one-partition Kafka topic into chdb, rows a second after the first batch (${figures.inserts} batches)`,
    direct: `${Math.round(figures.rawRowsPerSecond)} (raw inserts of the same movements and log rows)`,
    tollgate: `${Math.round(figures.ingestionRowsPerSecond)} (ingestion worker)`,
    added: `${ratio.toFixed(2)} of the raw speed`,
    target: '>= 0.5',
    met: ratio >= 0.5,
  }];
}

