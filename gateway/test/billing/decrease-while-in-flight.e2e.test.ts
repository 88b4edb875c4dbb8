import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStatus } from '../support/clients/chat-status.js';
import { eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #23 for decreases: root subtracts or lowers a user's quota, or the owner lowers a token's
 * remaining quota, while the user's calls are in flight (a slow upstream keeps them holding part
 * of the balance). On the real embedded server over HTTP, once every call settled the balance is
 * at or above zero, and every unit of quota is accounted for: what was taken, what the calls cost
 * and what is left make the start.
 */
const QUOTA = 100_000;
const CALLS = 3;
const ANSWER_TOKENS = 1_000;
const LATENCY_MS = 1_500;

interface Books { quota: number; used_quota: number; request_count: number }

describe('a decrease while calls are in flight (admin on a user, owner on a token) never leaves a balance below zero', () => {
  let fixture: EmbeddedFixture;
  let users = 0;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ latencyMs: LATENCY_MS, promptTokens: 1, completionTokens: ANSWER_TOKENS });
    await addMockChannel(fixture);
    // Quota in points, so root's answer names exact amounts.
    await fixture.root.must('PUT', '/api/option/', { key: 'DisplayInCurrencyEnabled', value: 'false' });
  });

  afterAll(async () => fixture?.close());

  /** A funded user with CALLS calls started and held (the upstream has them all), and a way to wait for their end. */
  async function spending() {
    const { user, key } = await userWithKey(fixture, `spender${(users += 1)}`, QUOTA);
    const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
    const seen = fixture.upstream.requests.length;
    const calls = Array.from({ length: CALLS }, () => chatStatus(fixture.tollgate.url, key, ANSWER_TOKENS));
    await eventually(async () => (fixture.upstream.requests.length - seen === CALLS ? true : undefined), 5_000, 'every call at the upstream');
    const settled = async (): Promise<Books> => {
      expect((await Promise.all(calls)).every((status) => status === 200)).toBe(true);
      return eventually(async () => {
        const books = await fixture.root.must<Books>('GET', `/api/user/${id}`);
        return books.request_count === CALLS ? books : undefined;
      }, 10_000, 'every call charged');
    };
    return { id, user, settled };
  }

  it('subtract: takes what the user can spend, says how much, and the held calls settle at or above zero', async () => {
    const { id, settled } = await spending();
    const answer = await fixture.root.call('POST', '/api/user/manage', { id, action: 'add_quota', mode: 'subtract', value: QUOTA });
    expect(answer.success).toBe(true);
    const taken = Number(/实际减少 (\d+) 点额度/.exec(answer.message)?.[1]);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(QUOTA);
    const books = await settled();
    expect(books.used_quota).toBeGreaterThan(0);
    expect(books.quota).toBeGreaterThanOrEqual(0);
    expect(books.quota + books.used_quota + taken).toBe(QUOTA);
  });

  it('override to zero: refused while calls hold part of the balance, naming that part; accepted once they settled', async () => {
    const { id, settled } = await spending();
    const refused = await fixture.root.call('POST', '/api/user/manage', { id, action: 'add_quota', mode: 'override', value: 0 });
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/^用户有 \d+ 点额度正被进行中的请求占用，暂时不能将额度改到 \d+ 点额度以下$/);
    const books = await settled();
    expect(books.quota).toBe(QUOTA - books.used_quota);
    expect((await fixture.root.call('POST', '/api/user/manage', { id, action: 'add_quota', mode: 'override', value: 0 })).success).toBe(true);
    expect((await fixture.root.must<Books>('GET', `/api/user/${id}`)).quota).toBe(0);
  });

  it('PUT /api/user/ with a lower quota: refused past the held part, accepted within it, and nothing goes below zero', async () => {
    const { id, settled } = await spending();
    const refused = await fixture.root.call('PUT', '/api/user/', { id, quota: 0 });
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('正被进行中的请求占用');
    const held = Number(/用户有 (\d+) 点额度/.exec(refused.message)?.[1]);
    expect(held).toBeGreaterThan(0);
    expect((await fixture.root.call('PUT', '/api/user/', { id, quota: held })).success).toBe(true);
    const books = await settled();
    expect(books.quota).toBeGreaterThanOrEqual(0);
    expect(books.quota).toBe(held - books.used_quota);
  });

  it('PUT /api/token/ by the owner: refused below the held part, naming it; at it, accepted, and the token settles at or above zero', async () => {
    const { user, settled } = await spending();
    const tokens = async () => (await user.must<{ items: { id: number; remain_quota: number }[] }>('GET', '/api/token/?p=0&size=10')).items;
    const [token] = await tokens();
    if (!token) throw new Error('no token');
    const refused = await user.call('PUT', '/api/token/', { id: token.id, remain_quota: 0 });
    expect(refused.success).toBe(false);
    const held = Number(/^令牌有 (\d+) 点额度正被进行中的请求占用，暂时不能将剩余额度改到 \d+ 点额度以下$/.exec(refused.message)?.[1]);
    expect(held).toBeGreaterThan(0);
    expect((await user.call('PUT', '/api/token/', { id: token.id, remain_quota: held })).success).toBe(true);
    const books = await settled();
    const [after] = await tokens();
    expect(after?.remain_quota).toBeGreaterThanOrEqual(0);
    expect(after?.remain_quota).toBe(held - books.used_quota);
  });
});
