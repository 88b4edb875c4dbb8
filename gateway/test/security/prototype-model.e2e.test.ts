import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIMock, type OpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { PROTOTYPE_NAMES, prototypeKeyedJson } from '../support/inputs/prototype-names.js';
import { freePort, type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/** The count of relayed responses the metrics have observed (every stream label summed). */
async function observedResponses(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^tollgate_gateway_response_seconds_count\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

const chat = (url: string, key: string, model: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });

/**
 * Regression of issue #33 item 0, on a real process as an attacker meets it: a key holder's
 * `{"model":"__proto__"}` made the ops meter write onto Object.prototype, and the metrics
 * observation in the response's `finish` listener then threw outside any handler: the process exited.
 */
describe('a key holder sends model "__proto__" to a running Tollgate', () => {
  let gateway: GatewayProcess;
  let upstream: OpenAIMock;
  let dataDir: string;
  let key: string;
  let metricsUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tollgate-proto-'));
    upstream = await startOpenAIMock({ reply: 'fine' });
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    gateway = await startGatewayProcess({ DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' }, 60_000, 'all');
    const root = new ConsoleClient(gateway.url);
    await root.login('root', '123456');
    ({ key } = await createTokenKey(root, { name: 'attacker', remain_quota: 1_000_000, unlimited_quota: true, expired_time: -1 }));
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers new-api’s 503 model_not_found for an unserved "__proto__" and the friends, and the process keeps serving', async () => {
    for (const model of PROTOTYPE_NAMES) {
      const response = await chat(gateway.url, key, model);
      const body = (await response.json()) as { error: { code: string } };
      // As for any model no channel serves (new-api's distributor): not a 500 from our own code.
      expect({ model, status: response.status, code: body.error.code }).toEqual({ model, status: 503, code: 'model_not_found' });
      // The crash came a tick after the answer, from the response's `finish` listener: give it that tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await fetch(`${gateway.url}/api/status`)).status, `after ${model}: ${gateway.errors()}`).toBe(200);
    }
    expect(gateway.errors()).not.toMatch(/is not included in initial labelset|TypeError/);
  });

  it('serves "__proto__" as an ordinary model once root prices it and a channel offers it, and the metrics still observe', async () => {
    const root = new ConsoleClient(gateway.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: prototypeKeyedJson() });
    await root.must('POST', '/api/channel/', { name: 'proto', type: 1, key: 'sk-up', base_url: upstream.url, models: PROTOTYPE_NAMES.join(','), group: 'default' });
    const before = await observedResponses(metricsUrl);
    for (const model of PROTOTYPE_NAMES) {
      const response = await chat(gateway.url, key, model);
      expect(response.status, model).toBe(200);
      expect(await response.json()).toMatchObject({ model, choices: [{ message: { content: 'fine' } }] });
    }
    await expect.poll(() => observedResponses(metricsUrl)).toBe(before + PROTOTYPE_NAMES.length);
    expect((await fetch(`${gateway.url}/api/status`)).status).toBe(200);
    expect(upstream.requests.map((request) => (request.body as { model?: string }).model)).toEqual([...PROTOTYPE_NAMES]);
  });
});
