import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, type EncodedInserter, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { newEventMetadata } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import type { UsageRecorded } from '@tollgate/wire';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import { newLogWakeups, openEventLog } from '../engines.js';
import { createAnalyticsHost } from './analytics-host.js';
import { type ReadyThread, superviseThread } from './thread-supervisor.js';
import { spawnWorkerThread } from './worker-thread.js';

// One chdb engine per process (its data path is fixed once opened): every test here shares it,
// each on a ledger.db and a consumer group of its own, and counts only its own users' rows.
const root = mkdtempSync(join(tmpdir(), 'tollgate-ingestion-thread-'));
let chdb: AnalyticsQuerier & EncodedInserter;
beforeAll(async () => {
  chdb = createChdbQuerier({ path: join(root, 'analytics') });
  await migrate(chdb);
}, 60_000);
afterAll(async () => {
  await chdb.close();
  rmSync(root, { recursive: true, force: true });
});

const usage = (userId: number, i: number): UsageRecorded => ({
  type: 'UsageRecorded',
  data: {
    requestId: `req-${userId}-${i}`, holdId: `hold-${userId}-${i}`, userId, username: `user-${userId}`, tokenId: 10, tokenName: 'default', channelId: 3,
    model: 'gpt-4o-mini', group: 'default', promptTokens: 10, completionTokens: 5, quota: 7, isStream: false, useTimeMs: 20, content: 'a "quoted"\nline',
    other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: 12 },
  },
  metadata: newEventMetadata(),
});

const counts = z.object({ rows: z.coerce.number(), ids: z.coerce.number(), quota: z.coerce.number() });

/** What the engine holds for `userId`: `logs` and the per-minute rollup read raw (no FINAL: a copy would show), the movements as kept. */
async function stored(userId: number) {
  const read = async (sql: string) => (await chdb.query({ sql, params: { user: userId }, schema: counts }))[0];
  return {
    logs: await read('SELECT count() AS rows, uniqExact(id) AS ids, sum(quota) AS quota FROM logs WHERE user_id = {user:UInt64}'),
    perMinute: await read('SELECT count() AS rows, sum(requests) AS ids, sum(quota) AS quota FROM usage_per_minute WHERE user_id = {user:UInt64}'),
    movements: await read('SELECT count() AS rows, uniqExact(event_id) AS ids, sum(quota) AS quota FROM ledger_movements FINAL WHERE user_id = {user:UInt64}'),
  };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The relay's side as wire-gateway opens it with the ingestion on the thread: its own connection
 * to the log, and the host that runs the thread's inserts on this thread's chdb (through
 * `querier`, which a test may wrap). The thread hosts the ingestion alone.
 */
function relaySide(name: string, querier: AnalyticsQuerier & EncodedInserter) {
  const dataDir = join(root, name);
  const config = loadConfig({ DATA_DIR: dataDir, ANALYTICS_BATCH_MS: '50', ANALYTICS_BATCH_ROWS: '100', LOG_LEVEL: 'silent' });
  const wakeups = newLogWakeups();
  const eventLog = openEventLog(config, dataDir, wakeups);
  const log = pino({ level: 'silent' });
  const threads: ReadyThread[] = [];
  // One host for every thread the supervisor starts, as startWorkerThread has it.
  const options = { config, dataDir, notifier: createInProcessBalanceNotifier(), wakeups, log, hosts: { ledger: false, ingestionGroup: 'analytics' }, analytics: createAnalyticsHost(querier) };
  const start = async () => {
    const thread = await spawnWorkerThread(options);
    threads.push(thread);
    return thread;
  };
  const supervise = () => superviseThread(start, log, { restartFirstMs: 50, restartMaxMs: 50, stableAfterMs: 60_000, stopWithinMs: 15_000 });
  return { eventLog, threads, supervise };
}

describe("the ingestion's thread", () => {
  it('feeds logs, the rollups and the movements from the log with no chdb in the thread, and stops when asked', async () => {
    mkdirSync(join(root, 'plain'), { recursive: true });
    const { eventLog, threads, supervise } = relaySide('plain', chdb);
    const workers = await supervise();
    const events = Array.from({ length: 250 }, (_, i) => usage(501, i));
    for (let i = 0; i < events.length; i += 50) await eventLog.append(events.slice(i, i + 50));
    await until(async () => (await stored(501)).logs?.rows === 250);
    await workers.stop();
    expect(await threads[0]?.exited).toBe(0);
    expect(await stored(501)).toEqual({
      logs: { rows: 250, ids: 250, quota: 250 * 7 },
      perMinute: expect.objectContaining({ ids: 250, quota: 250 * 7 }),
      movements: { rows: 250, ids: 250, quota: -250 * 7 },
    });
    await eventLog.close();
  }, 60_000);

  it('loses and doubles nothing when the thread crashes mid-batch, its insert still running on this thread', async () => {
    mkdirSync(join(root, 'crash'), { recursive: true });
    let crashed = false;
    // The first insert into `logs` ends the thread (as a crash would: nothing closed, no offsets
    // committed) and lands only after its successor has started and re-read the batch.
    const crashing: AnalyticsQuerier & EncodedInserter = {
      ...chdb,
      insertEncoded: async (table, rows) => {
        if (table === 'logs' && !crashed) {
          crashed = true;
          await thread()?.worker.terminate();
          await until(async () => side.threads.length >= 2, 60_000);
          await new Promise((resolve) => setTimeout(resolve, 500)); // the successor's first batch is being read
        }
        await chdb.insertEncoded(table, rows);
      },
    };
    const side = relaySide('crash', crashing);
    const thread = () => side.threads[0];
    const events = Array.from({ length: 400 }, (_, i) => usage(502, i));
    await side.eventLog.append(events.slice(0, 200));
    const workers = await side.supervise();
    await side.eventLog.append(events.slice(200));
    await until(async () => side.threads.length >= 2 && (await stored(502)).logs?.rows === 400);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // a late copy would land by now
    await workers.stop();
    expect(crashed).toBe(true);
    expect(await stored(502)).toEqual({
      logs: { rows: 400, ids: 400, quota: 400 * 7 },
      perMinute: expect.objectContaining({ ids: 400, quota: 400 * 7 }),
      movements: { rows: 400, ids: 400, quota: -400 * 7 },
    });
    await side.eventLog.close();
  }, 90_000);
});
