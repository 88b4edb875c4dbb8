import { performance } from 'node:perf_hooks';
import { type BalanceStore, startLedgerWorker } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { createKafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore, dropDatabase, type MongoBalanceStore, writeAllRaw } from '@tollgate/ledger/mongo';
import type { LedgerEvent } from '@tollgate/wire';
import { BatchClock } from './batch-clock.js';
import { type ExpectedBalances, ledgerWorkload } from './ledger-workload.js';
import type { Row } from '../report.js';

/**
 * The ledger on the real engines (issue #36): a backlog of calls appended to a one-partition Kafka
 * topic while no ledger runs, then one ledger worker started on it, applying into the MongoDB-wire
 * server (FerretDB locally); beside the raw bulk writes of the same documents into the same server
 * (`ledger-raw-writes.ts`), in the same chunks, in the same run, each side in a database of its own.
 * Both speeds are timed from the end of their first chunk to the end of their last; the backlog's
 * time is from the worker's start (consumer-group join included) to its last chunk.
 */
export interface LedgerFigures {
  calls: number;
  events: number;
  chunk: number;
  rawEventsPerSecond: number;
  ledgerEventsPerSecond: number;
  chunks: number;
  backlogSeconds: number;
  /** The accounts whose balance is not what applying every event once gives; zero when all are. */
  wrongBalances: number;
  /** Events the store said it applied: the workload's count when none was applied twice or lost. */
  appliedEvents: number;
}

/** The ledger worker's chunk (its default maxBatch), on both sides. */
const CHUNK = 500;
const NO_SWEEP = { windowMs: 7 * 86_400_000 };

function databaseUri(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measureRaw(uri: string, events: LedgerEvent[]): Promise<number> {
  const clock = new BatchClock();
  await writeAllRaw(uri, events, CHUNK, (written) => clock.batchEnded(written));
  await dropDatabase(uri);
  return clock.rowsPerSecond();
}

/** A worker that applies nothing for this long is stuck: the bench fails instead of waiting for ever. */
const STALL_MS = 120_000;

/**
 * The store, timing each chunk it applied and counting the events it said it applied; `drained`
 * resolves once the chunk holding the topic's last offset is applied (a redelivered chunk would be
 * timed twice, but not counted twice as applied: the audit reads the count).
 */
function counting(store: MongoBalanceStore, lastOffset: number, clock: BatchClock) {
  let applied = 0;
  let done: () => void = () => {};
  let stuck: (error: Error) => void = () => {};
  const drained = new Promise<void>((resolve, reject) => ((done = resolve), (stuck = reject)));
  const stall = () => setTimeout(() => stuck(new Error(`the ledger worker applied nothing for ${STALL_MS / 1000} s (${applied} events applied)`)), STALL_MS);
  let watchdog = stall();
  const balances: BalanceStore = {
    apply: async (batch) => {
      const changes = await store.apply(batch);
      applied += changes.appliedEvents.length;
      clock.batchEnded(batch.length);
      clearTimeout(watchdog);
      if (batch.some((stored) => stored.offset === lastOffset)) done();
      else watchdog = stall();
      return changes;
    },
    checkpoint: (partition) => store.checkpoint(partition),
    users: (ids) => store.users(ids),
    tokens: (ids) => store.tokens(ids),
    channels: (ids) => store.channels(ids),
    forgetAppliedEvents: (windowMs, limit) => store.forgetAppliedEvents(windowMs, limit),
    close: () => store.close(),
  };
  return { balances, drained, applied: () => applied, stop: () => clearTimeout(watchdog) };
}

/** How many accounts read otherwise than applying every event exactly once leaves them. */
async function wrongBalances(store: MongoBalanceStore, expected: ExpectedBalances): Promise<number> {
  let wrong = 0;
  const same = (a: Record<string, number>, b: Record<string, number>) => Object.keys(b).every((k) => a[k] === b[k]);
  for (const user of await store.users([...expected.users.keys()])) if (!same(user as never, expected.users.get(user.userId) ?? {})) wrong++;
  for (const token of await store.tokens([...expected.tokens.keys()])) if (!same(token as never, expected.tokens.get(token.tokenId) ?? {})) wrong++;
  for (const channel of await store.channels([...expected.channels.keys()])) if (!same(channel as never, expected.channels.get(channel.channelId) ?? {})) wrong++;
  return wrong;
}

export async function measureLedger(engines: { brokers: string; mongoUri: string }, calls: number, log: (line: string) => void): Promise<LedgerFigures> {
  const run = `${process.pid}_${Date.now()}`;
  const { events, expected } = ledgerWorkload(calls);
  log(`ledger: raw bulk writes of ${events.length} events' documents`);
  const rawEventsPerSecond = await measureRaw(databaseUri(engines.mongoUri, `bench_raw_${run}`), events);
  const eventLog = createKafkaEventLog({ brokers: parseBrokers(engines.brokers), topic: `tollgate.bench.ledger.${run}`, partitions: 1, compression: 'gzip' });
  const ledgerUri = databaseUri(engines.mongoUri, `bench_ledger_${run}`);
  const store = await createMongoBalanceStore({ uri: ledgerUri });
  try {
    log(`ledger: appending ${events.length} events to Kafka while no ledger runs`);
    for (let start = 0; start < events.length; start += CHUNK) await eventLog.append(events.slice(start, start + CHUNK));
    log('ledger: one worker on the backlog');
    const clock = new BatchClock();
    const counted = counting(store, events.length - 1, clock);
    const started = performance.now();
    const worker = await startLedgerWorker({ eventLog, balances: counted.balances, notifier: createInProcessBalanceNotifier(), maxBatch: CHUNK, markerSweep: NO_SWEEP });
    await counted.drained.finally(() => counted.stop());
    const backlogSeconds = (clock.lastEndedAt - started) / 1000;
    await worker.stop();
    return {
      calls,
      events: events.length,
      chunk: CHUNK,
      rawEventsPerSecond,
      ledgerEventsPerSecond: clock.rowsPerSecond(),
      chunks: clock.batches,
      backlogSeconds,
      wrongBalances: await wrongBalances(store, expected),
      appliedEvents: counted.applied(),
    };
  } finally {
    await eventLog.close();
    await store.close();
    await dropDatabase(ledgerUri);
  }
}

/** The ledger's rows: its events a second beside the raw bulk writes', the issue's target, and the backlog's time and audit. */
export function ledgerRows(f: LedgerFigures): Row[] {
  const ratio = f.ledgerEventsPerSecond / f.rawEventsPerSecond;
  const exact = f.wrongBalances === 0 && f.appliedEvents === f.events;
  return [
    {
      measure: `${f.events} ledger events (${f.calls} calls, 1,000 grants) from a one-partition Kafka topic into the MongoDB-wire server, events a second after the first chunk of ${f.chunk} (${f.chunks} chunks)`,
      direct: `${Math.round(f.rawEventsPerSecond)} (raw bulk writes of the same documents)`,
      tollgate: `${Math.round(f.ledgerEventsPerSecond)} (one ledger worker)`,
      added: `${ratio.toFixed(2)} of the raw speed`,
      target: '>= 0.5',
      met: ratio >= 0.5,
    },
    {
      measure: `backlog of ${f.calls} calls made while the ledger was stopped: worker start (group join included) to last chunk applied; audit`,
      direct: '',
      tollgate: `${f.backlogSeconds.toFixed(1)} s; ${f.appliedEvents} of ${f.events} events applied, ${f.wrongBalances} balances wrong`,
      added: '',
      target: 'each once',
      met: exact,
    },
  ];
}
