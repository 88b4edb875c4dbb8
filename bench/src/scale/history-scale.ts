import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { type AnalyticsQuerier, ClickHouseLedgerHistory, insertMovements, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { createClickHouseQuerier, ensureDatabase } from '@tollgate/analytics/clickhouse';
import { auditDrift, BalanceFold, type StoredEvent, StatementBook } from '@tollgate/ledger';
import { historyGenerator, type HistoryShape } from './history-events.js';
import { snapshotBalances } from './snapshot-balances.js';

/**
 * The ledger history's scale test (issue #34), on chdb: `--calls` calls with `--movements`
 * movements among them are written into `ledger_movements` as the ingestion writes them, and the
 * statement's ledger part (movements listed, calls summed) is timed for one user and for all;
 * then `--extra-calls` more calls, and the audit (every event folded, balances compared) is timed
 * with the JS heap sampled as it reads. Run with `node --expose-gc --import tsx`, so the heap's
 * starting point is taken after a full collection. Defaults: 10M, 1M and 9M (20M events);
 * `--page N` reads N keys a page instead of the history's default; `--no-audit` stops after the statements. With `--clickhouse-url URL` the
 * history goes to a ClickHouse server instead (cluster mode), into a database of its own that is
 * dropped at the end.
 */
const BATCH = 50_000;
const DAY_MS = 86_400_000;

const argv = process.argv.slice(2);

function flag(name: string, fallback: number): number {
  const index = argv.indexOf(`--${name}`);
  const value = index < 0 ? fallback : Number(argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${argv[index + 1]}`);
  return value;
}

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
const seconds = (ms: number) => Math.round(ms) / 1000;
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/** Writes events `from` to `to` and folds them into the balances the audit must find. */
async function write(querier: AnalyticsQuerier, shape: HistoryShape, range: { from: number; to: number }, state: { generator: ReturnType<typeof historyGenerator>; fold: BalanceFold; checkpoints: Map<number, number> }) {
  const started = performance.now();
  for (let from = range.from; from < range.to; from += BATCH) {
    const batch = state.generator.batch(from, Math.min(range.to, from + BATCH));
    for (const stored of batch) {
      state.fold.add(stored);
      state.checkpoints.set(stored.partition, stored.offset);
    }
    await insertMovements(querier, batch);
    if ((from / BATCH) % 20 === 0) log(`written ${from + batch.length} / ${shape.total}`);
  }
  return seconds(performance.now() - started);
}

/** The statement's ledger part as the gateway's `statementLines` builds it (the rollups' consumption lines aside). */
async function statementSeconds(history: ClickHouseLedgerHistory, period: { from: number; to: number }, userId?: number) {
  const started = performance.now();
  const book = new StatementBook(period);
  const who = userId === undefined ? {} : { userId };
  for await (const event of history.movementEvents(who)) book.add(event);
  for (const total of await history.usageTotals({ ...who, ...period })) book.addUsage(total);
  const periods = book.periods();
  return { seconds: seconds(performance.now() - started), users: periods.length, movements: periods.reduce((n, p) => n + p.movements.length, 0) };
}

function notePeak(peak: { heapUsed: number; rss: number }): number {
  const { heapUsed, rss } = process.memoryUsage();
  peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  peak.rss = Math.max(peak.rss, rss);
  return heapUsed;
}

/** The events passed through, the heap sampled every 10,000 and at the end (the fold's loop is where it would grow). */
async function* sampled(events: AsyncIterable<StoredEvent>, peak: { heapUsed: number; rss: number }) {
  let n = 0;
  for await (const stored of events) {
    if (++n % 10_000 === 0) {
      const heapUsed = notePeak(peak);
      if (n % 2_000_000 === 0) log(`audit read ${n}, heap ${mb(heapUsed)} MB`);
    }
    yield stored;
  }
  notePeak(peak);
}

async function audit(history: ClickHouseLedgerHistory, balances: ReturnType<typeof snapshotBalances>) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  const peak = { heapUsed: before.heapUsed, rss: before.rss };
  const started = performance.now();
  const report = await auditDrift(sampled(history.readAll(), peak), balances);
  const elapsed = seconds(performance.now() - started);
  globalThis.gc?.();
  const after = process.memoryUsage();
  return {
    seconds: elapsed, eventsFolded: report.eventsFolded, drifts: report.drifts.length,
    heapBeforeMb: mb(before.heapUsed), heapPeakMb: mb(peak.heapUsed), heapGrowthMb: mb(peak.heapUsed - before.heapUsed),
    heapAfterGcMb: mb(after.heapUsed), heapLimitMb: mb(getHeapStatistics().heap_size_limit), rssBeforeMb: mb(before.rss), rssPeakMb: mb(peak.rss),
  };
}

/** chdb on a scratch directory, or a scratch database on the server `--clickhouse-url` names. */
async function openStore(): Promise<{ querier: AnalyticsQuerier; store: string; close: () => Promise<void> }> {
  const urlIndex = argv.indexOf('--clickhouse-url');
  const url = urlIndex < 0 ? undefined : argv[urlIndex + 1];
  if (url) {
    const database = `tollgate_history_scale_${Date.now()}`;
    await ensureDatabase({ url, database });
    const querier = createClickHouseQuerier({ url, database });
    return {
      querier,
      store: `ClickHouse server ${new URL(url).host}`,
      close: async () => {
        await querier.command(`DROP DATABASE ${database}`);
        await querier.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-history-scale-'));
  const querier = createChdbQuerier({ path: dir });
  const close = async () => {
    await querier.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { querier, store: 'chdb', close };
}

async function main(): Promise<void> {
  const calls = flag('calls', 10_000_000);
  const movements = flag('movements', 1_000_000);
  const extraCalls = flag('extra-calls', 9_000_000);
  const page = flag('page', 0);
  if (movements === 0) throw new Error('--movements must be at least 1');
  const mixedUntil = calls + movements;
  const shape: HistoryShape = { total: mixedUntil + extraCalls, mixedUntil, movementEvery: Math.round(mixedUntil / movements) };
  if (typeof globalThis.gc !== 'function') log('no --expose-gc: the heap baseline is taken without a full collection');
  const { querier, store, close } = await openStore();
  try {
    await migrate(querier);
    const endMs = Date.now();
    const state = { generator: historyGenerator(shape, endMs), fold: new BalanceFold(), checkpoints: new Map<number, number>() };
    const history = new ClickHouseLedgerHistory(querier, page > 0 ? { pageSize: page } : {});
    const writeMixed = await write(querier, shape, { from: 0, to: mixedUntil }, state);
    // The period is the last 23 days of the history written so far: a week before it makes the opening balances.
    const period = { from: endMs - 30 * DAY_MS + 7 * DAY_MS, to: endMs };
    const statements = {
      allUsers: await statementSeconds(history, period),
      heavyUser: await statementSeconds(history, period, 1),
      lightUser: await statementSeconds(history, period, 2),
    };
    log(`statements ${JSON.stringify(statements)}`);
    if (argv.includes('--no-audit')) return void process.stdout.write(`${JSON.stringify({ store, shape, writeSeconds: writeMixed, statements }, null, 2)}\n`);
    const writeExtra = await write(querier, shape, { from: mixedUntil, to: shape.total }, state);
    const result = await audit(history, snapshotBalances(state.fold.snapshot(), state.checkpoints));
    process.stdout.write(`${JSON.stringify({ store, shape, writeSeconds: { mixed: writeMixed, extra: writeExtra }, statements, audit: result }, null, 2)}\n`);
  } finally {
    await close();
  }
}

await main();
