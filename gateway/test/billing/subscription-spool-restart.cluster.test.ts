import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { eventually } from '../support/clients/console-client.js';
import { type PrivateBroker, startPrivateBroker } from '../support/engines/private-broker.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';
import { books, callPlan, type PlanCaller, PRICE, pricePerCall, servedOf, signIn, subscribedCaller, windowUsed } from './plan-caller.js';

/**
 * Issue #41: a subscription-paid call still in a gateway's usage spool when the gateway dies is
 * owed to its subscription's windows, not to the wallet. With Kafka down, a gateway serves 6 calls
 * of a plan of 10 (their usage spooled), is killed (kill -9), and stays down past the holds' TTL;
 * the user's page on another gateway then lets Redis drop them (as any step on the user's holds
 * would). Restarted once Kafka is back, the gateway must take them again from the windows:
 * then 4 calls are left in the plan and 5 in the wallet, and each of the 15 is charged once.
 */
/** Short, so the killed gateway's holds lapse while it is down. */
const HOLD_TTL_SECONDS = 2;
const LIMIT_CALLS = 10;
const WALLET_CALLS = 5;
const SPOOLED = 6;

describe('subscription calls in the usage spool across a kill -9 (Kafka, MongoDB, Redis)', () => {
  let broker: PrivateBroker;
  let cluster: ClusterRun;
  let env: Record<string, string>;
  let ledger: RoleProcess;
  let gateway: GatewayProcess;
  let other: GatewayProcess;
  let upstream: OpenAIMock;
  let caller: PlanCaller;

  beforeAll(async () => {
    upstream = await startOpenAIMock({ completionTokens: 1 });
    broker = await startPrivateBroker();
    cluster = new ClusterRun({ ...requiredClusterEngines(), KAFKA_BROKERS: broker.brokers }, { HOLD_TTL_SECONDS: String(HOLD_TTL_SECONDS) });
    env = cluster.roleEnv();
    ledger = startRole('ledger', cluster.roleEnv());
    [gateway, other] = await Promise.all([startGatewayProcess(env), startGatewayProcess(cluster.roleEnv())]);
    const root = await pricePerCall(gateway.url, upstream.url);
    caller = await subscribedCaller(gateway.url, root, 'spooled', { limitCalls: LIMIT_CALLS, walletCalls: WALLET_CALLS, preference: 'subscription_first' });
    await eventually(async () => ((await books(caller.user)).quota === WALLET_CALLS * PRICE ? true : undefined), 30_000, 'the wallet applied');
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([gateway?.stop(), other?.stop(), ledger?.stop()]);
    await upstream?.close();
    await broker?.close();
    cluster?.removeDataDirs();
  });

  it(`keeps the ${SPOOLED} spooled calls on the plan: ${LIMIT_CALLS - SPOOLED} more from it and ${WALLET_CALLS} from the wallet, each charged once`, async () => {
    await broker.kill(); // the gateway's usage now stays in its spool
    for (let i = 0; i < SPOOLED; i++) expect(await callPlan(gateway.url, caller.key)).toMatch(/^200 /);
    expect(await windowUsed(caller.user)).toBe(SPOOLED * PRICE);
    expect((await books(caller.user)).request_count).toBe(0); // nothing reached the ledger

    await gateway.kill();
    await new Promise((r) => setTimeout(r, (HOLD_TTL_SECONDS + 1) * 1000));
    await windowUsed(await signIn(other.url, 'spooled')); // its read expires the dead gateway's holds in Redis
    await broker.start();
    // The same DATA_DIR, so the same spool; holds of the usual length now, so the ledger's lag after Kafka's return outlives none.
    gateway = await startGatewayProcess({ ...env, HOLD_TTL_SECONDS: '900' }, 120_000);
    const user = await signIn(gateway.url, 'spooled');
    expect(await windowUsed(user)).toBe(SPOOLED * PRICE);

    const after = await servedOf(gateway.url, caller.key, 20);
    expect(after).toEqual({ served: LIMIT_CALLS - SPOOLED + WALLET_CALLS, refusedOtherwise: [] });
    const served = LIMIT_CALLS + WALLET_CALLS;
    const final = await eventually(async () => {
      const now = await books(user);
      return now.request_count === served ? now : undefined;
    }, 60_000, 'every served call applied');
    // The wallet paid exactly its 5 calls (never below zero), the plan the other 10, once each.
    expect({ quota: final.quota, used: final.used_quota, window: await windowUsed(user) }).toEqual({ quota: 0, used: served * PRICE, window: LIMIT_CALLS * PRICE });
    await new Promise((r) => setTimeout(r, 1000)); // a second charge of a spooled call would land by now
    expect((await books(user)).request_count).toBe(served);
  }, 180_000);
});
