import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ConsoleClient, eventually, userWithKey } from '../support/clients/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/**
 * Issue #41's money gap on the embedded engines: the in-process hold store counts each
 * subscription window in memory, so a restart that started the windows from nothing would serve a
 * plan of 10 calls 10 more times. A real Tollgate serves 6 of its 10 calls, is killed (kill -9) and
 * restarted on the same data: the window then serves the 4 that are left, and no more.
 */
const PRICE = 0.002 * 500_000; // ModelPrice 0.002 a call, at the default 500,000 quota per unit
const LIMIT_CALLS = 10;
const BEFORE_KILL = 6;

describe('a subscription window across a kill -9 of the embedded Tollgate', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-sub-restart-'));
  const env = { DATA_DIR: dataDir, GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' };
  let upstream: OpenAIMock;
  let tollgate: GatewayProcess;

  const call = (key: string) =>
    fetch(`${tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'percall-model', max_tokens: 4, messages: [{ role: 'user', content: 'hi' }] }),
    }).then(async (r) => `${r.status} ${await r.text()}`);
  const signIn = async (username: string, password: string) => {
    const client = new ConsoleClient(tollgate.url);
    await client.login(username, password);
    return client;
  };
  const windowUsed = async (user: ConsoleClient) => (await user.must<{ subscriptions: { windows: { amount_used: number }[] }[] }>('GET', '/api/subscription/self')).subscriptions[0]?.windows[0]?.amount_used;

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
    const root = await signIn('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: '{"percall-model":0.002}' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'percall-model', group: 'default' });
    const plan = { title: 'ten calls a day', price_amount: 1, duration_unit: 'day', duration_value: 30, total_amount: LIMIT_CALLS * PRICE, quota_reset_period: 'daily' };
    const planId = (await root.must<{ id: number }>('POST', '/api/subscription/admin/plans', { plan })).id;
    const { user, key } = await userWithKey(tollgate.url, root, 'restarted', 5 * PRICE);
    const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
    await root.must('POST', '/api/subscription/admin/bind', { user_id: id, plan_id: planId });
    await user.must('PUT', '/api/subscription/self/preference', { billing_preference: 'subscription_only' });

    for (let i = 0; i < BEFORE_KILL; i++) expect(await call(key)).toMatch(/^200 /);
    // Killed once the ledger applied them: calls answered just before a crash may go unbilled (docs/billing.md), these did not.
    await eventually(async () => ((await user.must<{ request_count: number }>('GET', '/api/user/self')).request_count === BEFORE_KILL ? true : undefined), 15_000, 'the calls applied');
    expect(await windowUsed(user)).toBe(BEFORE_KILL * PRICE);
    await tollgate.kill();

    tollgate = await startGatewayProcess(env, 90_000, 'all');
    const again = await signIn('restarted', 'password-1');
    expect(await windowUsed(again)).toBe(BEFORE_KILL * PRICE);
    const answers = await Promise.all(Array.from({ length: LIMIT_CALLS }, () => call(key)));
    expect(answers.filter((a) => a.startsWith('200'))).toHaveLength(LIMIT_CALLS - BEFORE_KILL);
    expect(answers.filter((a) => !a.startsWith('200')).every((a) => a.startsWith('403'))).toBe(true);
    const self = await eventually(async () => {
      const now = await again.must<{ quota: number; request_count: number }>('GET', '/api/user/self');
      return now.request_count === LIMIT_CALLS ? now : undefined;
    }, 15_000, 'every served call applied');
    expect(self.quota).toBe(5 * PRICE);
    expect(await windowUsed(again)).toBe(LIMIT_CALLS * PRICE);
  });
});
