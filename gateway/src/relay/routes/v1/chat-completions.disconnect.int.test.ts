import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) };
const LONG_REPLY = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

describe('POST /v1/chat/completions: a client that leaves mid-stream', () => {
  it('aborts the upstream and bills what was produced', async () => {
    const h = await buildRelayHarness(PRICING, { reply: LONG_REPLY, latencyMs: 20 });
    await h.addChannel({ models: 'test-model' });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const response = await request(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'Talk' }] }),
      signal: abort.signal,
    });
    let received = '';
    await expect(
      (async () => {
        for await (const chunk of response.body) {
          received += String(chunk);
          if (received.includes('word2')) abort.abort();
        }
      })(),
    ).rejects.toThrow();
    await expect.poll(() => h.upstream.requests[0]?.aborted, { timeout: 2000 }).toBe(true);
    const [event] = await h.usageEvents();
    expect(event?.data.isStream).toBe(true);
    expect(event?.data.completionTokens).toBeGreaterThan(0);
    expect(event?.data.completionTokens).toBeLessThan(40);
    expect(event?.data.quota).toBe((event?.data.promptTokens ?? 0) + (event?.data.completionTokens ?? 0));
  });
});
