import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { Role, UserStatus } from '../../../ports/documents/user-store.js';
import { TokenStatus } from '../../../ports/documents/token-store.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }) };
const chat = (extra: object = {}) => ({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], ...extra });
const error = (message: string) => ({ error: expect.objectContaining({ message }) });

async function harness() {
  const h = await buildRelayHarness(PRICING);
  await h.addChannel({ models: 'test-model' });
  const user = await h.addUser({ quota: 1_000_000 });
  return { h, user };
}

describe('POST /v1/chat/completions: key auth', () => {
  it('answers 401 without a key or with an unknown one', async () => {
    const { h } = await harness();
    const missing = await h.post('/v1/chat/completions', undefined, chat());
    expect([missing.statusCode, missing.json()]).toEqual([401, { error: { message: '未提供令牌', type: 'invalid_request_error', param: '', code: 'invalid_api_key' } }]);
    const unknown = await h.post('/v1/chat/completions', `Bearer sk-${'x'.repeat(48)}`, chat());
    expect([unknown.statusCode, unknown.json()]).toEqual([401, error('无效的令牌')]);
  });

  it('accepts a key without the sk- prefix', async () => {
    const { h, user } = await harness();
    const { token } = await h.addKey(user.id);
    expect((await h.post('/v1/chat/completions', `Bearer ${token.key}`, chat())).statusCode).toBe(200);
  });

  it.each([
    ['disabled', { status: TokenStatus.Disabled }, '该令牌状态不可用'],
    ['expired by status', { status: TokenStatus.Expired }, '该令牌已过期'],
    ['past its expiry time', { expiredTime: Math.floor(Date.now() / 1000) - 60 }, '该令牌已过期'],
    ['exhausted', { status: TokenStatus.Exhausted }, '该令牌额度已用尽'],
  ])('answers 401 for a %s key, with no upstream call', async (_name, fields, message) => {
    const { h, user } = await harness();
    const { bearer } = await h.addKey(user.id, fields);
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect([response.statusCode, response.json()]).toEqual([401, error(message)]);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('answers 403 for a banned user', async () => {
    const { h } = await harness();
    const banned = await h.addUser({ quota: 1000, status: UserStatus.Disabled });
    const { bearer } = await h.addKey(banned.id);
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect([response.statusCode, response.json()]).toEqual([403, error('用户已被封禁')]);
  });

  it("answers 403 for a model outside the key's model limits", async () => {
    const { h, user } = await harness();
    const { bearer } = await h.addKey(user.id, { modelLimitsEnabled: true, modelLimits: ['other-model'] });
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect([response.statusCode, response.json()]).toEqual([403, error('该令牌无权访问模型 test-model')]);
  });

  it("answers 403 to an address outside the key's allowed IPs", async () => {
    const { h, user } = await harness();
    const { bearer } = await h.addKey(user.id, { allowIps: ['10.0.0.1'] });
    const inject = (remoteAddress: string) => h.app.inject({ method: 'POST', url: '/v1/chat/completions', payload: chat(), headers: { authorization: bearer }, remoteAddress });
    const refused = await inject('10.0.0.2');
    expect([refused.statusCode, refused.json()]).toEqual([403, error('您的 IP 不在令牌允许访问的列表中')]);
    expect((await inject('10.0.0.1')).statusCode).toBe(200);
  });

  it('serves from the token cache, and a change notice drops the cached key', async () => {
    const { h, user } = await harness();
    const { bearer, token } = await h.addKey(user.id);
    expect((await h.post('/v1/chat/completions', bearer, chat())).statusCode).toBe(200);
    await h.deps.tokens.update(token.id, { status: TokenStatus.Disabled });
    expect((await h.post('/v1/chat/completions', bearer, chat())).statusCode).toBe(200);
    h.deps.notices.publish('tokens', token.id);
    expect((await h.post('/v1/chat/completions', bearer, chat())).statusCode).toBe(401);
  });
});

describe('POST /v1/chat/completions: sk-<key>-<channelId>', () => {
  it('pins an admin to the named channel, even a lower-priority one', async () => {
    const { h } = await harness();
    const low = await h.addChannel({ models: 'test-model', priority: -5, key: 'sk-low' });
    const admin = await h.addUser({ quota: 1_000_000, role: Role.Admin });
    const { token } = await h.addKey(admin.id);
    const response = await h.post('/v1/chat/completions', `Bearer sk-${token.key}-${low.id}`, chat());
    expect(response.statusCode).toBe(200);
    expect(h.upstream.requests[0]?.authorization).toBe('Bearer sk-low');
    expect((await h.usageEvents())[0]?.data.channelId).toBe(low.id);
  });

  it('refuses a pinned channel to an ordinary user, and an unknown or disabled one to an admin', async () => {
    const { h, user } = await harness();
    const disabled = await h.addChannel({ models: 'test-model', status: 2 });
    const { token } = await h.addKey(user.id);
    const ordinary = await h.post('/v1/chat/completions', `Bearer sk-${token.key}-1`, chat());
    expect([ordinary.statusCode, ordinary.json()]).toEqual([403, error('普通用户不支持指定渠道')]);
    const admin = await h.addKey((await h.addUser({ quota: 1000, role: Role.Admin })).id);
    const unknown = await h.post('/v1/chat/completions', `Bearer sk-${admin.token.key}-999`, chat());
    expect([unknown.statusCode, unknown.json()]).toEqual([400, error('无效的渠道 Id')]);
    // Regression: `Number()` read a hex pin as the channel it spells.
    const hex = await h.post('/v1/chat/completions', `Bearer sk-${admin.token.key}-0x${disabled.id.toString(16)}`, chat());
    expect([hex.statusCode, hex.json()]).toEqual([400, error('无效的渠道 Id')]);
    const off = await h.post('/v1/chat/completions', `Bearer sk-${admin.token.key}-${disabled.id}`, chat());
    expect([off.statusCode, off.json()]).toEqual([403, error('该渠道已被禁用')]);
    expect(h.upstream.requests).toHaveLength(0);
  });
});
