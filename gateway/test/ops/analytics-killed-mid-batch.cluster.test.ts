import { join } from 'node:path';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { createKafkaEventLog, type KafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import type { UsageRecorded } from '@tollgate/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { eventually } from '../support/clients/console-client.js';
import { type RoleProcess, startRole } from '../support/gateways/role-process.js';

/**
 * The analytics worker killed (SIGKILL) while it works through a backlog, two batches in flight
 * (one inserted while the next is prepared), then started again on the same ClickHouse files:
 * every event must be in `logs` and `ledger_movements` once, and the per-minute rollup, which
 * sums every insert and so would count a doubled batch twice, must count no call twice (and may
 * miss at most the insert the kill cut between its two parts, see below).
 */
const EVENTS = 40_000;
const BATCH = 4_000;
const QUOTA = 75;

function usageEvent(i: number, at: number): UsageRecorded {
  const user = (i % 20) + 1;
  return {
    type: 'UsageRecorded',
    data: { requestId: `kill-req-${i}`, holdId: `kill-hold-${i}`, userId: user, username: `user${user}`, tokenId: user, tokenName: 'default', channelId: 1, model: 'gpt-4o-mini', group: 'default', promptTokens: 100, completionTokens: 50, quota: QUOTA, isStream: false, useTimeMs: 900, content: '', other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: 300 } },
    metadata: { eventId: `kill-evt-${at}-${i}`, occurredAt: at, version: 1 },
  } as UsageRecorded;
}

/** The group's lag; undefined while a fresh broker's group coordinator is still loading (NOT_COORDINATOR). */
const lagOf = (log: KafkaEventLog) => log.lag('analytics').catch(() => undefined);

describe('the analytics worker killed mid-batch (kill -9)', () => {
  let cluster: ClusterRun;
  let log: KafkaEventLog;
  let analytics: RoleProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    cluster = new ClusterRun(requiredClusterEngines(), { KAFKA_PARTITIONS: '1', ANALYTICS_BATCH_ROWS: String(BATCH), ANALYTICS_BATCH_MS: '200' });
    env = cluster.roleEnv();
    log = createKafkaEventLog({ brokers: parseBrokers(env.KAFKA_BROKERS!), topic: cluster.topic, partitions: 1 });
    const at = Date.now();
    for (let start = 0; start < EVENTS; start += 500) await log.append(Array.from({ length: 500 }, (_, i) => usageEvent(start + i, at)));
  }, 120_000);

  afterAll(async () => {
    await analytics?.stop();
    await log?.close();
    cluster?.removeDataDirs();
  });

  it('loses and doubles nothing: each event once in logs and ledger_movements, no call twice in the rollup', async () => {
    analytics = startRole('analytics', env);
    // Two commits give a batch's time; the kill comes 60% of one batch after the second, while
    // the next batch is in its insert (movements or log rows written, its offsets not committed).
    const commit = async (below: number) => {
      const lag = await eventually(async () => {
        const now = await lagOf(log);
        return now !== undefined && now < below ? now : undefined;
      }, 90_000, `a commit below a lag of ${below}`);
      return { lag, at: performance.now() };
    };
    const first = await commit(EVENTS);
    const second = await commit(first.lag);
    await new Promise((resolve) => setTimeout(resolve, 0.6 * (second.at - first.at)));
    const lagAtKill = (await lagOf(log)) ?? second.lag;
    await analytics.kill();
    expect(lagAtKill).toBeGreaterThan(0); // killed with a backlog left, in the middle of it
    analytics = startRole('analytics', env);
    await eventually(async () => ((await lagOf(log)) === 0 ? true : undefined), 120_000, `the restarted worker caught up (${analytics.errors()})`);
    await analytics.stop(); // chdb keeps its files to one process at a time
    const querier = createChdbQuerier({ path: join(env.DATA_DIR!, 'analytics') });
    const count = z.object({ rows: z.coerce.number(), ids: z.coerce.number(), quota: z.coerce.number() });
    try {
      // Rows as inserted, FINAL aside, per 4,000-event range: where a kill left a batch inserted
      // twice (movements) or looked up and skipped (logs), said in the output if an assertion fails.
      const per = z.object({ range: z.coerce.number(), rows: z.coerce.number() });
      const perRange = (table: string, id: string) => querier.query({ sql: `SELECT intDiv(toUInt64(splitByChar('-', ${id})[4]), ${BATCH}) AS range, count() AS rows FROM ${table} GROUP BY range ORDER BY range`, schema: per });
      console.info(`analytics killed mid-batch: lag at the kill ${lagAtKill}; logs ${JSON.stringify(await perRange('logs', 'id'))}; ledger_movements ${JSON.stringify(await perRange('ledger_movements', 'event_id'))}`);
      const [logs] = await querier.query({ sql: 'SELECT count() AS rows, uniqExact(id) AS ids, sum(quota) AS quota FROM logs FINAL WHERE type = 2', schema: count });
      expect(logs).toEqual({ rows: EVENTS, ids: EVENTS, quota: EVENTS * QUOTA });
      const [movements] = await querier.query({ sql: 'SELECT count() AS rows, uniqExact(event_id) AS ids, sum(quota) AS quota FROM ledger_movements FINAL', schema: count });
      expect(movements?.ids).toBe(EVENTS);
      expect(movements?.rows).toBe(EVENTS);
      const [rollup] = await querier.query({ sql: 'SELECT sum(requests) AS rows, sum(requests) AS ids, sum(quota) AS quota FROM usage_per_minute', schema: count });
      // Never a call counted twice. But ClickHouse writes an insert's `logs` part before the view's
      // rollup part, and a kill between the two leaves that insert's calls in `logs` (so the
      // redelivery skips them) and out of the rollup: at most the one insert in flight, a batch.
      // A known gap (docs/billing.md, "What a crash can take"); the run of 2026-11-29 lost 3,000.
      expect(rollup?.quota).toBe((rollup?.rows ?? 0) * QUOTA);
      expect(rollup?.rows).toBeLessThanOrEqual(EVENTS);
      expect(rollup?.rows).toBeGreaterThanOrEqual(EVENTS - BATCH);
    } finally {
      await querier.close();
    }
  }, 300_000);
});
