import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { eventually } from '../support/clients/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';
import { books, callPlan, PRICE, pricePerCall, servedOf, signIn, subscribedCaller, windowUsed } from './plan-caller.js';

/**
 * Issue #41's money gap on the embedded engines: the in-process hold store counts each
 * subscription window in memory, so a restart that started the windows from nothing would serve a
 * plan of 10 calls 10 more times. A real Tollgate serves 6 of its 10 calls, is killed (kill -9) and
 * restarted on the same data: the window then serves the 4 that are left, and no more.
 */
const LIMIT_CALLS = 10;
const BEFORE_KILL = 6;

describe('a subscription window across a kill -9 of the embedded Tollgate', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-sub-restart-'));
  const env = { DATA_DIR: dataDir, GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' };
  let upstream: OpenAIMock;
  let tollgate: GatewayProcess;

  beforeAll(async () => {
    upstream = await startOpenAIMock({ completionTokens: 1 });
    tollgate = await startGatewayProcess(env, 90_000, 'all');
  }, 120_000);

  afterAll(async () => {
    await tollgate?.stop();
    await upstream?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`serves ${BEFORE_KILL} calls, then after the restart only the ${LIMIT_CALLS - BEFORE_KILL} left in the window; the wallet untouched`, async () => {
    const root = await pricePerCall(tollgate.url, upstream.url);
    const { user, key } = await subscribedCaller(tollgate.url, root, 'restarted', { limitCalls: LIMIT_CALLS, walletCalls: 5, preference: 'subscription_only' });

    for (let i = 0; i < BEFORE_KILL; i++) expect(await callPlan(tollgate.url, key)).toMatch(/^200 /);
    // Killed once the ledger applied them: calls answered just before a crash may go unbilled (docs/billing.md), these did not.
    await eventually(async () => ((await books(user)).request_count === BEFORE_KILL ? true : undefined), 15_000, 'the calls applied');
    expect(await windowUsed(user)).toBe(BEFORE_KILL * PRICE);
    await tollgate.kill();

    tollgate = await startGatewayProcess(env, 90_000, 'all');
    const again = await signIn(tollgate.url, 'restarted');
    expect(await windowUsed(again)).toBe(BEFORE_KILL * PRICE);
    expect(await servedOf(tollgate.url, key, LIMIT_CALLS)).toEqual({ served: LIMIT_CALLS - BEFORE_KILL, refusedOtherwise: [] });
    const self = await eventually(async () => {
      const now = await books(again);
      return now.request_count === LIMIT_CALLS ? now : undefined;
    }, 15_000, 'every served call applied');
    expect(self.quota).toBe(5 * PRICE);
    expect(await windowUsed(again)).toBe(LIMIT_CALLS * PRICE);
  });
});
