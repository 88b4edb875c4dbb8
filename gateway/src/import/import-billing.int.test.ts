import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../../test/support/clients/console-client.js';
import { type OpenAIMock, startOpenAIMock } from '../../test/mock-upstream/openai/openai-mock.js';
import { type GatewayConfig, loadConfig } from '../config.js';
import { startEmbedded } from '../embedded.js';
import { importDatabase } from './import-command.js';
import { alice, aliceKey, buildNewApiDatabase } from './testing/new-api-fixture.js';

/**
 * What an imported key is billed: the fixture's new-api database saved a CompletionRatio map of
 * gpt-4o-mini alone, as new-api keeps only the models an operator edited, and ModelRatio gpt-4o
 * at new-api's 1.25. new-api bills gpt-4o's completion tokens by its built-in rule (4).
 */
describe('an imported partial CompletionRatio map bills as new-api did', { timeout: 120_000 }, () => {
  let dir: string;
  let config: GatewayConfig;
  let upstream: OpenAIMock;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tollgate-import-billing-'));
    upstream = await startOpenAIMock({ promptTokens: 100, completionTokens: 50 });
    const source = join(dir, 'one-api.db');
    await buildNewApiDatabase(source, { upstreamUrl: upstream.url, logRows: 10 });
    config = loadConfig({ DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' });
    await importDatabase(config, { source, dryRun: false });
  });

  afterAll(async () => {
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('100 prompt + 50 completion tokens of gpt-4o cost 375, and /api/pricing shows the completion ratio billing used', async () => {
    // (prompt + completion x 4) x model ratio 1.25 x group ratio 1; before the fix: (100 + 50) x 1.25 = 188.
    const expected = Math.round((100 + 50 * 4) * 1.25 * 1);
    const tollgate = await startEmbedded(config);
    try {
      const user = new ConsoleClient(tollgate.url);
      expect((await user.login(alice.username, alice.password)).success).toBe(true);
      await eventually(async () => ((await user.must<{ quota: number }>('GET', '/api/user/self')).quota === alice.quota ? true : undefined), 10_000, "alice's opening balance");
      // Her imported subscription would pay first (new-api's default preference): this is about the wallet's price.
      await user.must('PUT', '/api/subscription/self/preference', { billing_preference: 'wallet_only' });

      const answer = await fetch(`${tollgate.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${aliceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] }),
      });
      expect(answer.status).toBe(200);
      const quota = await eventually(async () => {
        const { quota } = await user.must<{ quota: number }>('GET', '/api/user/self');
        return quota === alice.quota ? undefined : quota;
      }, 10_000, "alice's balance after the call");
      expect(alice.quota - quota).toBe(expected);

      const pricing = (await (await fetch(`${tollgate.url}/api/pricing`)).json()) as { data: { model_name: string; model_ratio: number; completion_ratio: number }[] };
      expect(pricing.data.find((entry) => entry.model_name === 'gpt-4o')).toMatchObject({ model_ratio: 1.25, completion_ratio: 4 });
      expect(pricing.data.find((entry) => entry.model_name === 'gpt-4o-mini')).toMatchObject({ model_ratio: 1, completion_ratio: 1 });
    } finally {
      await tollgate.close();
    }
  });
});
