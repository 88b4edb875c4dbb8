import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../../src/providers/shared/token-count.js';
import { COUNTED_EXACTLY_CHARS } from '../../src/providers/shared/token-count-pool.js';
import { type NoUsageMock, startNoUsageMock } from '../mock-upstream/no-usage-mock.js';
import { ConsoleClient, eventually, userWithKey } from '../support/clients/console-client.js';
import type { ConsumeRow } from '../support/clients/relay-billing.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/**
 * Issue #33, item 4: one 10 MB word, in a prompt or in a usage-less answer, is counted in linear
 * time and billed by a real Tollgate process. A text is counted exactly, off the event loop, up to
 * COUNTED_EXACTLY_CHARS (4 Mi characters) and by its UTF-8 bytes beyond, so the 10 MB word is billed
 * at least its exact tokens (here: the exact count of its first 4 Mi letters plus one a byte after; the
 * byte). GET /api/status is polled meanwhile from a worker thread (its own event loop, so the
 * test's 10 MB JSON and the in-process mock do not count against the gateway). Each case makes
 * ROUNDS calls in one polling window: one call gives about 90 samples, whose p99 is their maximum;
 * three give about 270, a p99 that is a percentile (each call's worst pause is still among them).
 */
const WORD = 'a'.repeat(10 * 1024 * 1024);
const MODEL = 'gpt-nousage';
const ROUNDS = 3;
/** What the word is billed: its first COUNTED_EXACTLY_CHARS letters counted, one token a byte after. */
const EXPECTED_TOKENS = countTokens(WORD.slice(0, COUNTED_EXACTLY_CHARS)) + (WORD.length - COUNTED_EXACTLY_CHARS);

/**
 * Polls `${url}/api/status` back to back until told to stop; answers each latency in ms. Its first
 * fetch (undici loading in a fresh thread, the connection opening: 30 to 45 ms) is not counted, and
 * it says when it is ready. It runs ahead of the test's other threads (nice -10 where allowed, as
 * root here and in CI): a client on another machine does not wait for the test's own client and
 * mock to get a core. On two cores that wait was measured, not the gateway: with the poller at
 * nice 10 the prompt's p99 went to 56-76 ms; at -10 it was 27-33 ms (at 0: 33-58), same session.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(-10); } catch {}
let done = false;
parentPort.on('message', () => { done = true; });
(async () => {
  await (await fetch(workerData + '/api/status')).arrayBuffer();
  parentPort.postMessage('ready');
  const times = [];
  while (!done) {
    const start = performance.now();
    await (await fetch(workerData + '/api/status')).arrayBuffer();
    times.push(performance.now() - start);
  }
  parentPort.postMessage(times);
})();
`;

/**
 * Runs `work` with this thread (the test's 10 MB client and the mock upstream on its event loop)
 * behind the gateway, at nice 10, as a client and an upstream on other machines take none of the
 * gateway's cores; on Linux the nice value is the calling thread's. Where not allowed, as it is.
 */
async function behindTheGateway<T>(work: () => Promise<T>): Promise<T> {
  const before = getPriority();
  try {
    setPriority(10);
  } catch {
    // Not allowed here: measured at the thread's own priority.
  }
  try {
    return await work();
  } finally {
    try {
      setPriority(before);
    } catch {
      // Raising it back needs root; a lower priority only slows this test's own client.
    }
  }
}

async function statusP99While<T>(url: string, call: () => Promise<T>): Promise<{ result: T; p99: number; samples: number }> {
  const poller = new Worker(POLLER, { eval: true, workerData: url });
  await once(poller, 'message');
  const result = await behindTheGateway(call);
  const times = new Promise<number[]>((resolve) => poller.once('message', resolve));
  poller.postMessage('stop');
  const sorted = (await times).sort((a, b) => a - b);
  await poller.terminate();
  return { result, p99: sorted[Math.floor(sorted.length * 0.99)] ?? Infinity, samples: sorted.length };
}

describe('a 10 MB single word is counted without freezing a real gateway process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-hugeword-'));
  const env = { DATA_DIR: dataDir, KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', CLICKHOUSE_URL: '', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' };
  let upstream: NoUsageMock;
  let tollgate: GatewayProcess;
  let user: ConsoleClient;
  let key = '';
  let calls = 0;

  beforeAll(async () => {
    upstream = await startNoUsageMock({ reasoning: '', text: 'ok', tool: null });
    tollgate = await startGatewayProcess(env, 60_000, 'all');
    const root = new ConsoleClient(tollgate.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: `{"${MODEL}":1}` });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: `{"${MODEL}":1}` });
    await root.must('POST', '/api/channel/', { name: 'nousage', type: 1, key: 'k', base_url: upstream.url, models: MODEL, group: 'default' });
    ({ user, key } = await userWithKey(tollgate.url, root, 'hugo'));
  }, 120_000);

  afterAll(async () => {
    await tollgate?.stop();
    await upstream?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The consume rows of the last `count` calls, once all of them are written. */
  async function nextRows(count: number): Promise<ConsumeRow[]> {
    calls += count;
    return eventually(async () => {
      const page = await user.must<{ items: ConsumeRow[]; total: number }>('GET', `/api/log/self/?p=1&page_size=${count}&type=2`);
      return page.total === calls ? page.items : undefined;
    }, 10_000, 'the consume rows');
  }

  async function rounds<T>(call: () => Promise<T>): Promise<T[]> {
    const results: T[] = [];
    for (let round = 0; round < ROUNDS; round++) results.push(await call());
    return results;
  }

  const chat = (body: string) => fetch(`${tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });

  it('bills a 10 MB prompt word on chat at no less than its tokens, /api/status p99 under 50 ms', async () => {
    upstream.configure({ reasoning: '', text: 'ok', tool: null });
    // Written before the polling starts: the client's 20 ms on the 10 MB JSON is not the gateway's.
    const body = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: WORD }] });
    const { result, p99, samples } = await statusP99While(tollgate.url, () => rounds(async () => (await chat(body)).status));
    console.log(`chat, 10 MB prompt word, ${ROUNDS} calls: /api/status p99 ${p99.toFixed(1)} ms over ${samples} samples`);
    expect(result).toEqual(Array(ROUNDS).fill(200));
    for (const row of await nextRows(ROUNDS)) {
      expect(row.prompt_tokens).toBe(EXPECTED_TOKENS);
      expect(row.quota).toBeGreaterThan(0);
    }
    expect(p99).toBeLessThan(50);
  });

  it('bills a usage-less streamed 10 MB answer word at no less than its tokens', async () => {
    upstream.configure({ reasoning: '', text: WORD, tool: null });
    const { result, p99, samples } = await statusP99While(tollgate.url, () =>
      rounds(async () => {
        const answer = await chat(JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'Say a long word.' }] }));
        return { status: answer.status, length: (await answer.text()).length };
      }),
    );
    console.log(`usage-less 10 MB streamed answer, ${ROUNDS} calls: /api/status p99 ${p99.toFixed(1)} ms over ${samples} samples`);
    for (const answered of result) {
      expect(answered.status).toBe(200);
      expect(answered.length).toBeGreaterThan(WORD.length);
    }
    const wordTokens = countTokens(WORD);
    for (const row of await nextRows(ROUNDS)) {
      // Streamed, the answer is counted a fold at a time, each exactly: never below the word's tokens.
      expect(row.completion_tokens).toBeGreaterThanOrEqual(wordTokens);
      expect(row.quota).toBeGreaterThan(0);
    }
    expect(p99).toBeLessThan(50);
  });
});
