import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { listenOnLoopback, sendJson } from '../../../../test/mock-upstream/listen.js';

/** An OpenAI upstream that keeps each request body as the bytes it received. */
async function recordingUpstream(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      sendJson(response, 200, { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });
    });
  });
  const listening = await listenOnLoopback(server);
  onTestFinished(() => listening.close());
  return { url: listening.url, bodies };
}

/** Spacing, key order, a 1.0 and a field no provider knows: what a re-encoded body would lose. */
const RAW = '{ "model" : "client-model",\n  "messages": [{"role":"user","content":"hi"}], "temperature": 1.0, "x_vendor_field": {"keep": true} }';

async function relay(passThrough: string, quota = 10_000_000) {
  const h = await buildRelayHarness({ ModelRatio: JSON.stringify({ 'client-model': 1 }), 'global.pass_through_request_enabled': passThrough });
  const user = await h.addUser({ quota });
  const { bearer } = await h.addKey(user.id);
  const upstream = await recordingUpstream();
  await h.addChannel({ models: 'client-model', baseUrl: upstream.url, modelMapping: JSON.stringify({ 'client-model': 'upstream-model' }) });
  const send = () => h.app.inject({ method: 'POST', url: '/v1/chat/completions', payload: RAW, headers: { authorization: bearer, 'content-type': 'application/json' } });
  return { h, upstream, send };
}

describe('global.pass_through_request_enabled', () => {
  it('global.pass_through_request_enabled: on, the upstream receives the client\'s body byte for byte (no model mapping), and the call is billed', async () => {
    const { h, upstream, send } = await relay('true');
    expect((await send()).statusCode).toBe(200);
    expect(upstream.bodies).toEqual([RAW]);
    expect((await h.usageEvents()).map((e) => e.data.quota)).toEqual([5]);
  });

  it('global.pass_through_request_enabled: off, the body is rebuilt as usual (the channel\'s model name)', async () => {
    const { upstream, send } = await relay('false');
    expect((await send()).statusCode).toBe(200);
    expect(upstream.bodies[0]).not.toBe(RAW);
    expect(JSON.parse(upstream.bodies[0] ?? '{}')).toMatchObject({ model: 'upstream-model', x_vendor_field: { keep: true } });
  });

  it('global.pass_through_request_enabled: a balance that pays for less than the model\'s longest answer still gets its output limit written, so the call never costs more than its hold', async () => {
    const { upstream, send } = await relay('true', 2_000);
    expect((await send()).statusCode).toBe(200);
    const sent = JSON.parse(upstream.bodies[0] ?? '{}') as Record<string, unknown>;
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBeGreaterThan(0);
  });
});
