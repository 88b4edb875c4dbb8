import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ConsoleClient, eventually, userWithKey } from '../support/clients/console-client.js';
import { connectionsByWorker } from '../support/gateways/relay-workers.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/**
 * Issue #41's burst across two gateways: RELAY_WORKERS=2 serves one port from two relay processes
 * whose holds (and so every subscription window) are one store in the owner. A plan of 10 calls
 * per window and a wallet worth 5: 60 parallel calls serve 15 (10 with the wallet fallback off).
 */
const PRICE = 1_000; // ModelPrice 0.002 x 500,000 quota per unit
const BURST = 60;

describe('RELAY_WORKERS=2: a subscription under a burst over two relay processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-sub-workers-'));
  let upstream: OpenAIMock;
  let tollgate: GatewayProcess;
  let root: ConsoleClient;
  let planId = 0;

  const call = (key: string) =>
    fetch(`${tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'percall-model', max_tokens: 4, messages: [{ role: 'user', content: 'hi' }] }),
    }).then(async (r) => `${r.status} ${r.status === 200 ? '' : await r.text()}`, () => 'failed');

  beforeAll(async () => {
    upstream = await startOpenAIMock({ completionTokens: 1 });
    tollgate = await startGatewayProcess({ DATA_DIR: dataDir, RELAY_WORKERS: '2', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' }, 90_000, 'all');
    root = new ConsoleClient(tollgate.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: '{"percall-model":0.002}' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'percall-model', group: 'default' });
    const plan = { title: 'ten calls a day', price_amount: 1, duration_unit: 'day', duration_value: 30, total_amount: 10 * PRICE, quota_reset_period: 'daily' };
    planId = (await root.must<{ id: number }>('POST', '/api/subscription/admin/plans', { plan })).id;
    // The edits were made through one worker; every worker serves them once the owner's notices reached it.
    const { key } = await userWithKey(tollgate.url, root, 'warmup');
    await eventually(async () => ((await Promise.all(Array.from({ length: 16 }, () => call(key)))).every((a) => a.startsWith('200')) ? true : undefined), 30_000, 'every worker serves');
  }, 180_000);

  afterAll(async () => {
    await tollgate?.stop();
    await upstream?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [preference, expected] of [['subscription_first', { served: 15, wallet: 0 }], ['subscription_only', { served: 10, wallet: 5 * PRICE }]] as const) {
    it(`${preference}: ${BURST} parallel calls serve exactly ${expected.served}, the wallet ends at ${expected.wallet}, never below zero`, async () => {
      const { user, key } = await userWithKey(tollgate.url, root, preference.replace('subscription', 'sub'), 5 * PRICE);
      const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
      await root.must('POST', '/api/subscription/admin/bind', { user_id: id, plan_id: planId });
      await user.must('PUT', '/api/subscription/self/preference', { billing_preference: preference });
      await eventually(async () => ((await user.must<{ quota: number }>('GET', '/api/user/self')).quota > 0 ? true : undefined), 15_000, 'the ledger applied the quota');
      const answers = await Promise.all(Array.from({ length: BURST }, () => call(key)));
      // The burst's keep-alive connections are still open: both workers served some of it.
      expect([...connectionsByWorker(tollgate.pid, Number(new URL(tollgate.url).port)).values()].map((ports) => ports.size > 0)).toEqual([true, true]);
      expect(answers.filter((a) => a.startsWith('200'))).toHaveLength(expected.served);
      expect(answers.filter((a) => !a.startsWith('200')).every((a) => a.startsWith('403'))).toBe(true);
      const self = await eventually(async () => {
        const now = await user.must<{ quota: number; used_quota: number; request_count: number }>('GET', '/api/user/self');
        return now.request_count === expected.served ? now : undefined;
      }, 15_000, 'every served call applied');
      expect(self.quota).toBe(expected.wallet);
      expect(self.used_quota).toBe(expected.served * PRICE);
    });
  }
});
