import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { eventually } from '../support/clients/console-client.js';
import { type PrivateBroker, startPrivateBroker } from '../support/engines/private-broker.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';
import { books, callPlan, type PlanCaller, PRICE, pricePerCall, servedOf, signIn, subscribedCaller, windowUsed } from './plan-caller.js';

/**
 * Issue #41 on a Tollgate on Kafka with no Redis (one process, `all`: REDIS_URL unset, holds in
 * memory): its subscription windows must outlive a kill -9. It serves 4 calls of a plan of 10 that
 * reach the ledger, then 2 more while Kafka is down (their usage spooled), and is killed. Restarted
 * on the same DATA_DIR once Kafka is back, the windows start from the spool's record (the 4) and
 * the spooled calls' holds (the 2): 4 more calls from the plan and 5 from the wallet, each charged once.
 */
const LIMIT_CALLS = 10;
const WALLET_CALLS = 5;
const DELIVERED = 4;
const SPOOLED = 2;

/** How many spooled usage events with a hold the process on `env`'s DATA_DIR has in its spool, read as another process would. */
function spooledHolds(env: Record<string, string>): number {
  const spool = new Database(join(env.DATA_DIR ?? '', 'usage-spool.db'), { readonly: true, fileMustExist: true });
  try {
    return spool.prepare<[], { n: number }>('SELECT count(*) AS n FROM spooled_events WHERE hold_id IS NOT NULL').get()?.n ?? 0;
  } finally {
    spool.close();
  }
}

describe('subscription windows across a kill -9 of a Tollgate on Kafka without Redis', () => {
  let broker: PrivateBroker;
  let cluster: ClusterRun;
  let env: Record<string, string>;
  let tollgate: GatewayProcess;
  let upstream: OpenAIMock;
  let caller: PlanCaller;

  beforeAll(async () => {
    upstream = await startOpenAIMock({ completionTokens: 1 });
    broker = await startPrivateBroker();
    cluster = new ClusterRun({ ...requiredClusterEngines(), KAFKA_BROKERS: broker.brokers });
    env = { ...cluster.roleEnv(), REDIS_URL: '', REDIS_CLUSTER_NODES: '' };
    tollgate = await startGatewayProcess(env, 120_000, 'all');
    const root = await pricePerCall(tollgate.url, upstream.url);
    caller = await subscribedCaller(tollgate.url, root, 'no-redis', { limitCalls: LIMIT_CALLS, walletCalls: WALLET_CALLS, preference: 'subscription_first' });
    await eventually(async () => ((await books(caller.user)).quota === WALLET_CALLS * PRICE ? true : undefined), 30_000, 'the wallet applied');
  }, 180_000);

  afterAll(async () => {
    await tollgate?.stop();
    await upstream?.close();
    await broker?.close();
    cluster?.removeDataDirs();
  });

  it(`serves ${LIMIT_CALLS - DELIVERED - SPOOLED} more from the plan after the restart, then the wallet's ${WALLET_CALLS}`, async () => {
    for (let i = 0; i < DELIVERED; i++) expect(await callPlan(tollgate.url, caller.key)).toMatch(/^200 /);
    await eventually(async () => ((await books(caller.user)).request_count === DELIVERED ? true : undefined), 30_000, 'the calls applied');
    await broker.kill();
    for (let i = 0; i < SPOOLED; i++) expect(await callPlan(tollgate.url, caller.key)).toMatch(/^200 /);
    expect(await windowUsed(caller.user)).toBe((DELIVERED + SPOOLED) * PRICE);
    // A call's usage reaches the spool a moment after its answer (the publisher's batch); killed
    // before that, the call is lost as a crash loses it, which is not what this test is about.
    await eventually(async () => (spooledHolds(env) === SPOOLED ? true : undefined), 30_000, 'the calls spooled');

    await tollgate.kill(); // its holds, in its memory, die with it
    await broker.start();
    tollgate = await startGatewayProcess(env, 120_000, 'all');
    const user = await signIn(tollgate.url, 'no-redis');
    expect(await windowUsed(user)).toBe((DELIVERED + SPOOLED) * PRICE);

    const after = await servedOf(tollgate.url, caller.key, 20);
    expect(after).toEqual({ served: LIMIT_CALLS - DELIVERED - SPOOLED + WALLET_CALLS, refusedOtherwise: [] });
    const served = LIMIT_CALLS + WALLET_CALLS;
    const final = await eventually(async () => {
      const now = await books(user);
      return now.request_count === served ? now : undefined;
    }, 60_000, 'every served call applied');
    // The wallet paid exactly its 5 calls (never below zero), the plan the other 10, once each.
    expect({ quota: final.quota, used: final.used_quota, window: await windowUsed(user) }).toEqual({ quota: 0, used: served * PRICE, window: LIMIT_CALLS * PRICE });
    await new Promise((r) => setTimeout(r, 1000)); // a second charge of a spooled call would land by now
    expect((await books(user)).request_count).toBe(served);
  }, 240_000);
});
