import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Every refused relay call answers an OpenAI-style error with the right status and costs
 * nothing; holds keep parallel requests from spending past zero. Real embedded server.
 */
interface SelfView { quota: number; used_quota: number; request_count: number }
interface OpenAIErrorBody { error: { message: string; type: string; code: string } }

const HOLD = 100; // PreConsumedQuota tokens x ratios of 1

describe('relay refusals and holds', () => {
  let fixture: EmbeddedFixture;
  let bob: ConsoleClient;
  let key: string;

  const chat = (apiKey: string, model = 'mock-model', extra: object = {}) =>
    fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra }),
    });

  async function expectRefusal(response: Response, status: number, message: string): Promise<void> {
    expect(response.status).toBe(status);
    const body = (await response.json()) as OpenAIErrorBody;
    expect(body.error.message).toBe(message);
    expect(body.error.type).toEqual(expect.any(String));
    expect(body.error.code).toEqual(expect.any(String));
  }

  const newToken = (owner: ConsoleClient, name: string, extra: object = {}) => createTokenKey(owner, { name, remain_quota: 100_000, expired_time: -1, ...extra });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: 10, completionTokens: 20, latencyMs: 150 });
    const { root } = fixture;
    for (const [key, value] of Object.entries({ ModelRatio: '{"mock-model":1,"orphan-model":1}', CompletionRatio: '{"mock-model":1}', GroupRatio: '{"default":1}', PreConsumedQuota: String(HOLD) })) {
      await root.must('PUT', '/api/option/', { key, value });
    }
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'sk-upstream', base_url: fixture.upstream.url, models: 'mock-model', group: 'default', priority: 0, weight: 1 });
    bob = await userWithQuota(fixture, 'bob', 150);
    key = (await newToken(bob, 'main')).key;
  });

  afterAll(async () => fixture?.close());

  it('refuses a missing or unknown key with 401', async () => {
    await expectRefusal(await chat('sk-'), 401, '未提供令牌');
    await expectRefusal(await chat(`sk-${'x'.repeat(48)}`), 401, '无效的令牌');
  });

  it('checks the key before the body: without a valid key a bad body is a 401 on every surface, with one a 400', async () => {
    const post = (path: string, headers: Record<string, string>, body: string) =>
      fetch(`${fixture.tollgate.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    await expectRefusal(await post('/v1/chat/completions', {}, '{}'), 401, '未提供令牌');
    await expectRefusal(await post('/v1/chat/completions', { authorization: `Bearer sk-${'x'.repeat(48)}` }, '{}'), 401, '无效的令牌');
    await expectRefusal(await post('/v1/chat/completions', {}, '{"model":'), 401, '未提供令牌');
    expect((await post('/v1/messages', { 'x-api-key': 'sk-unknown' }, '{}')).status).toBe(401);
    expect((await post('/v1beta/models/mock-model:generateContent', {}, '{"contents":7}')).status).toBe(401);
    const withKey = await post('/v1/chat/completions', { authorization: `Bearer ${key}` }, '{}');
    expect(withKey.status).toBe(400);
    expect(((await withKey.json()) as OpenAIErrorBody).error.message).toContain('model');
  });

  it('refuses a disabled token and an expired token with 401', async () => {
    const disabled = await newToken(bob, 'disabled');
    await bob.must('PUT', '/api/token/?status_only=true', { id: disabled.id, status: 2 });
    await expectRefusal(await chat(disabled.key), 401, '该令牌状态不可用');
    const expired = await newToken(bob, 'expired');
    await bob.must('PUT', '/api/token/', { id: expired.id, name: 'expired', expired_time: Math.floor(Date.now() / 1000) - 60, remain_quota: 100_000 });
    await expectRefusal(await chat(expired.key), 401, '该令牌已过期');
  });

  it('refuses a model no channel serves with 503, and an unpriced model', async () => {
    await expectRefusal(await chat(key, 'orphan-model'), 503, '当前分组 default 下对于模型 orphan-model 无可用渠道');
  });

  it('lets a user with quota for one request run one of two parallel requests', async () => {
    const [first, second] = await Promise.all([chat(key), chat(key)]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const refused = first.status === 403 ? first : second;
    expect(((await refused.json()) as OpenAIErrorBody).error.message).toBe('用户额度不足');
  });

  it('forwards an upstream failure with its status, and it costs nothing', async () => {
    fixture.upstream.configure({ failWith: 500 });
    const failed = await chat(key);
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as OpenAIErrorBody).error.message).toBe('mock failure 500');
    fixture.upstream.configure({ failWith: 0 });
  });

  it('charged only the one request that was served', async () => {
    const served = (10 + 20) * 1;
    let self: SelfView | undefined;
    for (let i = 0; i < 100 && self?.request_count !== 1; i++) {
      self = await bob.must<SelfView>('GET', '/api/user/self');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(self).toMatchObject({ quota: 150 - served, used_quota: served, request_count: 1 });
    const upstreamCalls = fixture.upstream.requests.length;
    expect(upstreamCalls).toBe(2); // the served request and the failed one; no refusal reached it
  });
});
