import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

/** (5 prompt + 7 completion x 2) x 2.5 x group ratio, with the mock upstream's default usage. */
const PRICING = {
  ModelRatio: JSON.stringify({ 'test-model': 2.5 }),
  CompletionRatio: JSON.stringify({ 'test-model': 2 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
  ModelPrice: JSON.stringify({ 'flat-model': 0.02 }),
};
const chat = (extra: object = {}) => ({ model: 'test-model', messages: [{ role: 'user', content: 'Say hello' }], ...extra });

/** The `data:` payloads of an SSE body, in order. */
function sseData(body: string): string[] {
  return body
    .split('\n\n')
    .map((event) => event.split('\n').find((line) => line.startsWith('data: '))?.slice(6))
    .filter((data): data is string => data !== undefined);
}

async function withKey(options: Record<string, string> = PRICING, mock = {}) {
  const h = await buildRelayHarness(options, mock);
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer, token } = await h.addKey(user.id);
  return { h, user, token, bearer };
}

describe('POST /v1/chat/completions: answers', () => {
  it("forwards the upstream's JSON answer unchanged and bills it exactly", async () => {
    const { h, user, token, bearer } = await withKey();
    const channel = await h.addChannel({ models: 'test-model', modelMapping: JSON.stringify({ 'test-model': 'upstream-model' }), openaiOrganization: 'org-1' });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'chatcmpl-mock', model: 'upstream-model', choices: [{ message: { content: 'Hello' } }] });
    const sent = h.upstream.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.authorization).toBe('Bearer sk-channel-secret');
    expect(sent?.headers['openai-organization']).toBe('org-1');
    expect(sent?.body.model).toBe('upstream-model');
    const [event] = await h.usageEvents();
    expect(event?.data).toMatchObject({
      userId: user.id, tokenId: token.id, channelId: channel.id, model: 'test-model', group: 'default',
      promptTokens: 5, completionTokens: 7, quota: 48, isStream: false,
      content: '模型倍率 2.50，补全倍率 2.00，分组倍率 1.00',
      other: { model_ratio: 2.5, completion_ratio: 2, group_ratio: 1, model_price: -1, frt: -1000 },
    });
    expect(event?.data.holdId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event?.metadata.eventId).toBeTruthy();
  });

  it("GroupRatio: bills with the token's group ratio, else the user's", async () => {
    const { h, bearer } = await withKey();
    await h.addChannel({ models: 'test-model', group: 'default,vip' });
    const vipKey = await h.addKey((await h.addUser({ quota: 1_000_000 })).id, { group: 'vip' });
    await h.post('/v1/chat/completions', bearer, chat());
    await h.post('/v1/chat/completions', vipKey.bearer, chat());
    expect((await h.usageEvents()).map((e) => [e.data.group, e.data.quota])).toEqual([['default', 48], ['vip', 71]]);
  });

  it('ModelPrice: bills a per-call price as price x QuotaPerUnit x group ratio', async () => {
    const { h, bearer } = await withKey();
    await h.addChannel({ models: 'flat-model' });
    expect((await h.post('/v1/chat/completions', bearer, chat({ model: 'flat-model' }))).statusCode).toBe(200);
    const [event] = await h.usageEvents();
    expect(event?.data.quota).toBe(10_000);
    expect(event?.data.content).toBe('模型价格 0.02，分组倍率 1.00');
    expect(event?.data.other).toMatchObject({ model_price: 0.02 });
  });

  it('pipes the stream chunk by chunk in order, asks the upstream for usage and hides it from a client that did not ask', async () => {
    const { h, bearer } = await withKey(PRICING, { reply: 'one two three four', latencyMs: 5 });
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat({ stream: true }));
    expect(response.headers['content-type']).toBe('text/event-stream');
    const data = sseData(response.body);
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as { choices: { delta: { content?: string } }[]; usage?: unknown });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('one two three four');
    expect(chunks.map((c) => c.choices[0]?.delta.content).filter(Boolean)).toEqual(['one ', 'two ', 'three ', 'four']);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(h.upstream.requests[0]?.body.stream_options).toEqual({ include_usage: true });
    const [event] = await h.usageEvents();
    expect(event?.data).toMatchObject({ isStream: true, promptTokens: 5, completionTokens: 7, quota: 48 });
    expect(event?.data.other.frt).toBeGreaterThanOrEqual(0);
  });

  it('passes the usage chunk to a client that asked for include_usage', async () => {
    const { h, bearer } = await withKey();
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat({ stream: true, stream_options: { include_usage: true } }));
    const usageChunk = sseData(response.body).find((d) => d.includes('"usage"'));
    expect(JSON.parse(usageChunk ?? '{}')).toMatchObject({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 7 } });
  });

  it('counts tokens itself when the upstream reports no usage', async () => {
    const { h, bearer } = await withKey(PRICING, { omitUsage: true, reply: 'Hello there' });
    await h.addChannel({ models: 'test-model' });
    await h.post('/v1/chat/completions', bearer, chat({ stream: true }));
    const [event] = await h.usageEvents();
    expect(event?.data.promptTokens).toBeGreaterThan(0);
    expect(event?.data.completionTokens).toBe(2);
    expect(event?.data.quota).toBe(Math.round(((event?.data.promptTokens ?? 0) + 2 * 2) * 2.5));
  });
});

describe('GET /v1/models', () => {
  it("lists the models the key's group is served, narrowed by the key's model limits", async () => {
    const { h, user, bearer } = await withKey();
    await h.addChannel({ models: 'test-model,flat-model', group: 'default' });
    await h.addChannel({ models: 'vip-only', group: 'vip' });
    const all = await h.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: bearer } });
    expect(all.json()).toEqual({ object: 'list', data: ['flat-model', 'test-model'].map((id) => ({ id, object: 'model', created: 0, owned_by: 'tollgate' })) });
    const limited = await h.addKey(user.id, { modelLimitsEnabled: true, modelLimits: ['test-model'] });
    const narrowed = await h.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: limited.bearer } });
    expect(narrowed.json<{ data: { id: string }[] }>().data.map((m) => m.id)).toEqual(['test-model']);
  });
});
