import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { listenOnLoopback } from '../../../../test/mock-upstream/listen.js';
import { type OpenAIMock, startOpenAIMock } from '../../../../test/mock-upstream/openai/openai-mock.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) };
const chat = (extra: object = {}) => ({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], ...extra });

async function failingUpstream(status: number): Promise<OpenAIMock> {
  const mock = await startOpenAIMock({ failWith: status });
  onTestFinished(() => mock.close());
  return mock;
}

/** An upstream that starts an OpenAI stream, sends one chunk and then drops the connection. */
async function upstreamDroppingMidStream(): Promise<{ url: string; requests: number }> {
  const state = { url: '', requests: 0 };
  const server = createServer((request, response) => {
    state.requests++;
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', model: 'test-model', choices: [{ index: 0, delta: { content: 'partial ' }, finish_reason: null }] })}\n\n`);
    setTimeout(() => response.socket?.destroy(), 20);
  });
  const listening = await listenOnLoopback(server);
  onTestFinished(() => listening.close());
  state.url = listening.url;
  return state;
}

async function relayWith(retryTimes: string) {
  const h = await buildRelayHarness({ ...PRICING, RetryTimes: retryTimes });
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer } = await h.addKey(user.id);
  return { h, user, bearer };
}

describe('RetryTimes on a running relay', () => {
  it('RetryTimes: tries the other channels of the same priority before a lower one, and no more than RetryTimes again', async () => {
    const { h, bearer } = await relayWith('1');
    const [first, second] = [await failingUpstream(500), await failingUpstream(502)];
    await h.addChannel({ models: 'test-model', priority: 10, baseUrl: first.url });
    await h.addChannel({ models: 'test-model', priority: 10, baseUrl: second.url });
    await h.addChannel({ models: 'test-model', priority: 0 }); // the harness's answering upstream
    const once = await h.post('/v1/chat/completions', bearer, chat());
    expect(once.statusCode === 500 || once.statusCode === 502).toBe(true); // both of priority 10 tried, then out of retries
    expect([first.requests.length, second.requests.length, h.upstream.requests.length]).toEqual([1, 1, 0]);
    expect(await h.usageEvents()).toHaveLength(0);

    await h.deps.options.set('RetryTimes', '2');
    const answered = await h.post('/v1/chat/completions', bearer, chat());
    expect(answered.statusCode).toBe(200);
    expect([first.requests.length, second.requests.length, h.upstream.requests.length]).toEqual([2, 2, 1]);
    const events = await h.usageEvents();
    expect(events.map((e) => e.data.quota)).toEqual([5 + 7]); // billed once, on the channel that answered
  });

  it('RetryTimes: a client error (400) is not retried, whatever RetryTimes says', async () => {
    const { h, bearer } = await relayWith('3');
    const refusing = await failingUpstream(400);
    await h.addChannel({ models: 'test-model', priority: 10, baseUrl: refusing.url });
    await h.addChannel({ models: 'test-model', priority: 0 });
    expect((await h.post('/v1/chat/completions', bearer, chat())).statusCode).toBe(400);
    expect([refusing.requests.length, h.upstream.requests.length]).toEqual([1, 0]);
  });

  it('RetryTimes: once a stream has begun, a dropped upstream is not retried on another channel', async () => {
    const { h, user, bearer } = await relayWith('3');
    const dropping = await upstreamDroppingMidStream();
    await h.addChannel({ models: 'test-model', priority: 10, baseUrl: dropping.url });
    await h.addChannel({ models: 'test-model', priority: 0 });
    const response = await h.post('/v1/chat/completions', bearer, chat({ stream: true }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('partial ');
    expect(response.body).not.toContain('Hello'); // the other channel's answer
    expect([dropping.requests, h.upstream.requests.length]).toEqual([1, 0]);
    await h.usageEvents();
    expect(await h.deps.holds.available(user.id)).toBeGreaterThan(1_000_000 - 100); // what was sent is billed, no hold is left
  });

  it.each([
    [500, 1],
    [502, 0],
    [504, 0],
  ])('AutomaticRetryStatusCodes: with 500 and 503-529 (502 too, but for the 502 case), a %i goes to another channel %i times, a gateway timeout (504) never', async (status, retried) => {
    const { h, bearer } = await relayWith('1');
    await h.deps.options.set('AutomaticRetryStatusCodes', status === 502 ? '500,503-529' : '500,502-529');
    const failing = await failingUpstream(status);
    await h.addChannel({ models: 'test-model', priority: 10, baseUrl: failing.url });
    await h.addChannel({ models: 'test-model', priority: 0 });
    expect((await h.post('/v1/chat/completions', bearer, chat())).statusCode).toBe(retried ? 200 : status);
    expect([failing.requests.length, h.upstream.requests.length]).toEqual([1, retried]);
  });
});
