import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 2.5 }), CompletionRatio: JSON.stringify({ 'test-model': 2 }) };
const chat = (extra: object = {}) => ({ model: 'test-model', messages: [{ role: 'user', content: 'Say hello' }], ...extra });

async function withUser(quota: number, mock = {}, keyFields = {}) {
  const h = await buildRelayHarness(PRICING, mock);
  const user = await h.addUser({ quota });
  const { bearer } = await h.addKey(user.id, keyFields);
  return { h, user, bearer };
}

describe('POST /v1/chat/completions: refusals and failures cost nothing', () => {
  it('answers 503 when no channel serves the model in the group', async () => {
    const { h, bearer } = await withUser(1_000_000);
    await h.addChannel({ models: 'other-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { message: '当前分组 default 下对于模型 test-model 无可用渠道', type: 'new_api_error', param: '', code: 'model_not_found' } });
    expect(h.upstream.requests).toHaveLength(0);
    expect(await h.usageEvents()).toHaveLength(0);
  });

  it('refuses a model with neither a ratio nor a price rather than serving it free', async () => {
    const { h, bearer } = await withUser(1_000_000);
    await h.addChannel({ models: 'unpriced-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat({ model: 'unpriced-model' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe('模型 unpriced-model 倍率或价格未配置，请联系管理员设置');
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('refuses a user without quota with no upstream call and no event', async () => {
    const { h, bearer } = await withUser(0);
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { message: '用户额度不足', code: 'insufficient_user_quota' } });
    expect(h.upstream.requests).toHaveLength(0);
    expect(await h.usageEvents()).toHaveLength(0);
  });

  it("refuses when the key's remaining quota cannot cover the estimate", async () => {
    const { h, bearer } = await withUser(1_000_000, {}, { remainQuota: 10 });
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { message: '该令牌额度已用尽', code: 'token_quota_exhausted' } });
    expect(h.upstream.requests).toHaveLength(0);
  });

  it("lets a user whose quota pays for one call's worst case run one, not two in parallel", async () => {
    // The worst case: ('Say hello' = 3 prompt tokens + 100 max_tokens x 2) x 2.5 = 507.5 -> 508, with no PreConsumedQuota margin.
    const h = await buildRelayHarness({ ...PRICING, PreConsumedQuota: '0' }, { latencyMs: 50 });
    const user = await h.addUser({ quota: 508 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    const responses = await Promise.all([1, 2].map(() => h.post('/v1/chat/completions', bearer, chat({ max_tokens: 100 }))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(h.upstream.requests).toHaveLength(1);
    expect(await h.usageEvents()).toHaveLength(1);
  });

  it.each([500, 429, 401])('relays an upstream %i in the OpenAI shape, without the channel key, and releases the hold', async (status) => {
    const { h, user, bearer } = await withUser(1_000_000, { failWith: status });
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { message: `mock failure ${status}`, type: 'upstream_error', param: '', code: `upstream_${status}` } });
    expect(response.body).not.toContain('sk-channel-secret');
    expect(await h.deps.holds.available(user.id)).toBe(1_000_000);
    expect(await h.usageEvents()).toHaveLength(0);
  });

  it('answers 502 and releases the hold when the upstream cannot be reached', async () => {
    const { h, user, bearer } = await withUser(1_000_000);
    await h.addChannel({ models: 'test-model', baseUrl: 'http://127.0.0.1:1' });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: { code: 'upstream_unreachable' } });
    expect(await h.deps.holds.available(user.id)).toBe(1_000_000);
    expect(await h.usageEvents()).toHaveLength(0);
  });

  it('rejects a request without a model or messages in the OpenAI shape', async () => {
    const { h, bearer } = await withUser(1_000_000);
    const response = await h.post('/v1/chat/completions', bearer, { messages: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
