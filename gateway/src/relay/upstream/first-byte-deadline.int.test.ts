import { createServer, type ServerResponse } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';
import { listenOnLoopback } from '../../../test/mock-upstream/listen.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) };
const streamedChat = { model: 'test-model', stream: true, messages: [{ role: 'user', content: 'hi' }] };

/** An upstream that takes every request and never answers: with `headers`, it starts an event stream and sends nothing. */
async function silentUpstream(headers: boolean): Promise<{ url: string; requests: number; closed: number }> {
  const state = { url: '', requests: 0, closed: 0 };
  const open: ServerResponse[] = [];
  const server = createServer((request, response) => {
    state.requests++;
    request.resume();
    response.on('close', () => state.closed++);
    if (headers) response.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
    open.push(response);
  });
  const listening = await listenOnLoopback(server);
  onTestFinished(async () => {
    for (const response of open) response.destroy();
    await listening.close();
  });
  state.url = listening.url;
  return state;
}

async function relay(options: Record<string, string>) {
  const h = await buildRelayHarness({ ...PRICING, RetryTimes: '1', ...options });
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer } = await h.addKey(user.id);
  return { h, bearer };
}

describe('StreamFirstByteTimeoutSeconds', () => {
  it.each([
    ['started an event stream but sent no byte', true],
    ['never answered at all', false],
  ])('an upstream that %s is given up after the timeout and the next channel serves the stream', async (_case, headers) => {
    const { h, bearer } = await relay({ StreamFirstByteTimeoutSeconds: '1' });
    const silent = await silentUpstream(headers);
    await h.addChannel({ models: 'test-model', priority: 10, baseUrl: silent.url });
    await h.addChannel({ models: 'test-model', priority: 0 }); // the harness's answering upstream
    const started = performance.now();
    const response = await h.post('/v1/chat/completions', bearer, streamedChat);
    const tookMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data: [DONE]');
    expect([silent.requests, h.upstream.requests.length]).toEqual([1, 1]);
    expect(tookMs).toBeGreaterThanOrEqual(950);
    expect(tookMs).toBeLessThan(5_000);
    await expect.poll(() => silent.closed).toBe(1); // the silent attempt was cancelled, not left open
    expect((await h.usageEvents()).map((event) => event.data.channelId)).toHaveLength(1); // billed once
  });

  it('leaves an answer that is not a stream to its own timeouts, and a stream whose first byte comes in time untouched', async () => {
    const { h, bearer } = await relay({ StreamFirstByteTimeoutSeconds: '5' });
    await h.addChannel({ models: 'test-model', priority: 0 });
    const streamed = await h.post('/v1/chat/completions', bearer, streamedChat);
    expect(streamed.statusCode).toBe(200);
    const plain = await h.post('/v1/chat/completions', bearer, { ...streamedChat, stream: false });
    expect(plain.statusCode).toBe(200);
    expect(h.upstream.requests).toHaveLength(2);
    // Every chunk came through, in order: the stream's text is the plain answer's.
    const events = streamed.body.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)) as { choices: { delta?: { content?: string } }[] });
    const streamedText = events.map((event) => event.choices[0]?.delta?.content ?? '').join('');
    const plainText = (JSON.parse(plain.body) as { choices: { message: { content: string } }[] }).choices[0]?.message.content;
    expect(events.length).toBeGreaterThan(1);
    expect(streamedText).toBe(plainText);
  });
});
