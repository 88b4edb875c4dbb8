import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type AnalyticsQuerier, dropAlreadyIngested, listLogs, logsTable, logStats, type LogRow, migrate, quotaData } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { quantile } from '../stats.js';

/**
 * The analytics scale test (issue #7): N generated log rows ingested into chdb the way the
 * ingestion worker does it (dedupe lookup, then one insert per batch, which also feeds the
 * per-minute rollup), then p50/p95 of the log page, the stat call and the dashboard call, for one
 * user and for everyone. `--rows N` (BENCH_ANALYTICS_ROWS), default 10,000,000.
 */
const USERS = 1_000;
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet', 'gemini-1.5-pro', 'o1-mini', 'deepseek-chat', 'qwen-max', 'glm-4'];
const SPAN_SECONDS = 30 * 86_400;
const BATCH = 20_000;
const SAMPLES = 30;

function rowsFlag(argv: string[], env: NodeJS.ProcessEnv): number {
  const index = argv.findIndex((a) => a === '--rows' || a.startsWith('--rows='));
  const raw = index < 0 ? env.BENCH_ANALYTICS_ROWS : (argv[index]?.includes('=') ? argv[index]?.split('=')[1] : argv[index + 1]);
  const rows = raw === undefined ? 10_000_000 : Number(raw);
  if (!Number.isInteger(rows) || rows <= 0) throw new Error(`--rows must be a positive integer, got ${raw}`);
  return rows;
}

/** Row i of the data set: users, models and times spread evenly over the last 30 days, newest last. */
function generatedRow(i: number, total: number, end: number): LogRow {
  const user = (i * 7919) % USERS + 1;
  const prompt = 50 + (i % 500);
  const completion = 10 + (i % 200);
  return {
    id: `bench-${i.toString(36).padStart(8, '0')}`, created_at: end - SPAN_SECONDS + Math.floor((i / total) * SPAN_SECONDS), type: 2,
    user_id: user, username: `user${user}`, token_id: user, token_name: 'default', channel_id: (i % 5) + 1, model_name: MODELS[i % MODELS.length] ?? 'gpt-4o',
    quota: prompt + completion * 2, prompt_tokens: prompt, completion_tokens: completion, use_time: i % 7, is_stream: i % 3 === 0,
    content: '', other: '{"model_ratio":1,"group_ratio":1,"completion_ratio":2}', group: 'default',
  };
}

interface Ingestion {
  rowsPerSecond: number;
  /** Milliseconds spent in the dedupe lookup and in the insert, over the whole run. */
  lookupMs: number;
  insertMs: number;
}

async function ingestAll(querier: AnalyticsQuerier, total: number, end: number, log: (line: string) => void): Promise<Ingestion> {
  const started = performance.now();
  let lookupMs = 0;
  let insertMs = 0;
  for (let from = 0; from < total; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - from) }, (_, k) => generatedRow(from + k, total, end));
    const lookupStarted = performance.now();
    const fresh = await dropAlreadyIngested(querier, batch);
    const insertStarted = performance.now();
    await querier.insert(logsTable, fresh);
    lookupMs += insertStarted - lookupStarted;
    insertMs += performance.now() - insertStarted;
    if ((from / BATCH) % 50 === 0) log(`ingested ${from + batch.length} / ${total}`);
  }
  return { rowsPerSecond: total / ((performance.now() - started) / 1000), lookupMs, insertMs };
}

async function timings(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

async function main(): Promise<void> {
  const total = rowsFlag(process.argv.slice(2), process.env);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-analytics-scale-'));
  const querier = createChdbQuerier({ path: join(dir, 'analytics') });
  try {
    await migrate(querier);
    const end = Math.floor(Date.now() / 1000);
    const ingestion = await ingestAll(querier, total, end, log);
    const week = { startTimestamp: end - 7 * 86_400, endTimestamp: end };
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['log page, one user', () => listLogs(querier)({ userId: 42, limit: 10 })],
      ['log page, all users', () => listLogs(querier)({ limit: 10 })],
      ['stat, one user', () => logStats(querier)({ userId: 42 })],
      ['stat, all users', () => logStats(querier)({})],
      ['stat (7 days, to the second), all users', () => logStats(querier)({ startTimestamp: week.startTimestamp + 17, endTimestamp: week.endTimestamp })],
      ['dashboard (7 days by hour), one user', () => quotaData(querier)({ ...week, userId: 42 })],
      ['dashboard (7 days by hour), all users', () => quotaData(querier)({ ...week })],
    ];
    const { rowsPerSecond, lookupMs, insertMs } = ingestion;
    const lines = [
      `rows: ${total.toLocaleString('en')}, ingestion: ${Math.round(rowsPerSecond).toLocaleString('en')} rows/s (dedupe lookup ${(lookupMs / 1000).toFixed(1)} s, insert ${(insertMs / 1000).toFixed(1)} s)`,
      '', '| call | p50 ms | p95 ms |', '|---|---|---|'];
    for (const [name, run] of calls) {
      const { p50, p95 } = await timings(run);
      lines.push(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await querier.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
