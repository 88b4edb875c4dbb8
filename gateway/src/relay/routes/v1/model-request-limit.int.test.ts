import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }) };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] };

async function limitedRelay(options: Record<string, string>, group = 'default') {
  const h = await buildRelayHarness({ ...PRICING, ModelRequestRateLimitEnabled: 'true', ...options });
  const user = await h.addUser({ quota: 10_000_000, group });
  const { bearer } = await h.addKey(user.id);
  await h.addChannel({ models: 'test-model', group: 'default,vip' });
  const call = async () => {
    const response = await h.post('/v1/chat/completions', bearer, chat);
    return { status: response.statusCode, body: response.json() as { error?: { message: string; type: string } } };
  };
  return { h, call };
}

describe('per-user model request limits on the relay', () => {
  it('ModelRequestRateLimitSuccessCount: answered calls count; the next is refused with 429 and new-api\'s message; failed calls do not count', async () => {
    const { h, call } = await limitedRelay({ ModelRequestRateLimitSuccessCount: '2', ModelRequestRateLimitDurationMinutes: '3' });
    h.upstream.configure({ failWith: 500 });
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(500);
    h.upstream.configure({ failWith: 0 });
    expect([(await call()).status, (await call()).status]).toEqual([200, 200]);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ message: '您已达到请求数限制：3分钟内最多请求2次', type: 'new_api_error' });
    expect(h.upstream.requests).toHaveLength(5);
  });

  it('ModelRequestRateLimitSuccessCount: a 50-way parallel burst is served exactly the limit, since calls in flight count (stricter than new-api)', async () => {
    const { h, call } = await limitedRelay({ ModelRequestRateLimitSuccessCount: '5' });
    h.upstream.configure({ latencyMs: 200 }); // every admitted call is still in flight when the last arrives
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => call()))).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(h.upstream.requests).toHaveLength(5);
  });

  it('ModelRequestRateLimitSuccessCount: a burst whose admitted calls all fail gives every reservation back', async () => {
    const { h, call } = await limitedRelay({ ModelRequestRateLimitSuccessCount: '3' });
    h.upstream.configure({ latencyMs: 100, failWith: 500 });
    const failed = (await Promise.all(Array.from({ length: 20 }, () => call()))).map((answer) => answer.status);
    expect(failed.filter((status) => status === 500)).toHaveLength(3);
    h.upstream.configure({ latencyMs: 0, failWith: 0 });
    expect([(await call()).status, (await call()).status, (await call()).status, (await call()).status]).toEqual([200, 200, 200, 429]);
  });

  it('ModelRequestRateLimitCount: every call counts, failed ones too, with new-api\'s total-limit message', async () => {
    const { h, call } = await limitedRelay({ ModelRequestRateLimitCount: '2', ModelRequestRateLimitDurationMinutes: '1' });
    h.upstream.configure({ failWith: 500 });
    expect([(await call()).status, (await call()).status]).toEqual([500, 500]);
    h.upstream.configure({ failWith: 0 });
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe('您已达到总请求数限制：1分钟内最多请求2次，包括失败次数，请检查您的请求是否正确');
    expect(h.upstream.requests).toHaveLength(2);
  });

  it('ModelRequestRateLimitGroup: a group\'s own [count, successCount] replaces the global limits for its users only', async () => {
    const group = JSON.stringify({ vip: [0, 1] });
    const vip = await limitedRelay({ ModelRequestRateLimitSuccessCount: '100', ModelRequestRateLimitGroup: group }, 'vip');
    expect([(await vip.call()).status, (await vip.call()).status]).toEqual([200, 429]);
    const plain = await limitedRelay({ ModelRequestRateLimitSuccessCount: '100', ModelRequestRateLimitGroup: group });
    expect([(await plain.call()).status, (await plain.call()).status, (await plain.call()).status]).toEqual([200, 200, 200]);
  });

  it('ModelRequestRateLimitEnabled and ModelRequestRateLimitDurationMinutes: off, no limit applies; on again, the limit counts from the change', async () => {
    const { h, call } = await limitedRelay({ ModelRequestRateLimitEnabled: 'false', ModelRequestRateLimitSuccessCount: '1', ModelRequestRateLimitDurationMinutes: '5' });
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
    await h.deps.options.set('ModelRequestRateLimitEnabled', 'true');
    expect((await call()).status).toBe(200);
    expect((await call()).body.error?.message).toBe('您已达到请求数限制：5分钟内最多请求1次');
  });
});
