import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStatus } from '../support/clients/chat-status.js';
import { eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #23's last two edges, on the real embedded server over HTTP with a slow mock upstream:
 * a token turned from unlimited to limited while calls through it are in flight, and a stream
 * that outlives HOLD_TTL_SECONDS while a second call tries to spend the same balance.
 */
const ANSWER_TOKENS = 1_000;

interface Books { quota: number; used_quota: number; request_count: number }
interface TokenRow { id: number; remain_quota: number; unlimited_quota: boolean }

async function settledBooks(fixture: EmbeddedFixture, userId: number, calls: number): Promise<Books> {
  return eventually(async () => {
    const books = await fixture.root.must<Books>('GET', `/api/user/${userId}`);
    return books.request_count === calls ? books : undefined;
  }, 10_000, 'every call charged');
}

describe('an unlimited token turned limited while calls through it are in flight', () => {
  const QUOTA = 100_000;
  const CALLS = 3;
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ latencyMs: 1_500, promptTokens: 1, completionTokens: ANSWER_TOKENS });
    await addMockChannel(fixture);
    await fixture.root.must('PUT', '/api/option/', { key: 'DisplayInCurrencyEnabled', value: 'false' });
  });

  afterAll(async () => fixture?.close());

  it('refuses a remaining quota below what the calls hold, naming it; at it, accepted, and the token settles at or above zero', async () => {
    const { user, key } = await userWithKey(fixture, 'switcher', QUOTA);
    const { id: userId } = await user.must<{ id: number }>('GET', '/api/user/self');
    const tokens = async () => (await user.must<{ items: TokenRow[] }>('GET', '/api/token/?p=0&size=10')).items;
    const [token] = await tokens();
    if (!token) throw new Error('no token');
    await user.must('PUT', '/api/token/', { id: token.id, unlimited_quota: true, remain_quota: 0 });
    const calls = Array.from({ length: CALLS }, () => chatStatus(fixture.tollgate.url, key, ANSWER_TOKENS));
    await eventually(async () => (fixture.upstream.requests.length === CALLS ? true : undefined), 5_000, 'every call at the upstream');

    const refused = await user.call('PUT', '/api/token/', { id: token.id, unlimited_quota: false, remain_quota: 0 });
    expect(refused.success).toBe(false);
    const held = Number(/^令牌有 (\d+) 点额度正被进行中的请求占用，暂时不能将剩余额度改到 \d+ 点额度以下$/.exec(refused.message)?.[1]);
    expect(held).toBeGreaterThan(0);
    expect((await tokens())[0]?.unlimited_quota).toBe(true);
    expect((await user.call('PUT', '/api/token/', { id: token.id, unlimited_quota: false, remain_quota: held })).success).toBe(true);
    // Limited at what the calls hold, the token admits nothing more until they settle.
    expect(await chatStatus(fixture.tollgate.url, key, ANSWER_TOKENS)).toBe(403);

    expect(await Promise.all(calls)).toEqual(Array(CALLS).fill(200));
    const books = await settledBooks(fixture, userId, CALLS);
    const [after] = await tokens();
    expect(after?.unlimited_quota).toBe(false);
    expect(after?.remain_quota).toBeGreaterThanOrEqual(0);
    expect(after?.remain_quota).toBe(held - books.used_quota);
  });
});

describe('a stream that outlives HOLD_TTL_SECONDS keeps its hold', () => {
  const TTL_SECONDS = 1;
  // A stream of 6 chunks 500 ms apart runs ~3 s, three TTLs; its worst case takes most of the quota.
  const QUOTA = 1_500;
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ latencyMs: 500, reply: 'one two three four five six', promptTokens: 1, completionTokens: ANSWER_TOKENS,  }, { HOLD_TTL_SECONDS: String(TTL_SECONDS) });
    await addMockChannel(fixture);
    await fixture.root.must('PUT', '/api/option/', { key: 'DisplayInCurrencyEnabled', value: 'false' });
  });

  afterAll(async () => fixture?.close());

  it('a second call past the TTL is refused or limited to what is left, and the balance ends at or above zero', async () => {
    const { user, key } = await userWithKey(fixture, 'streamer', QUOTA);
    const { id: userId } = await user.must<{ id: number }>('GET', '/api/user/self');
    const streaming = chatStatus(fixture.tollgate.url, key, ANSWER_TOKENS, true);
    await eventually(async () => (fixture.upstream.requests.length === 1 ? true : undefined), 5_000, 'the stream at the upstream');
    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1_000 + 600));

    const second = await chatStatus(fixture.tollgate.url, key, ANSWER_TOKENS);
    expect(await streaming).toBe(200);
    const served = second === 200;
    if (!served) expect(second).toBe(403);
    else expect(Number(fixture.upstream.requests[1]?.body.max_tokens)).toBeLessThan(QUOTA - ANSWER_TOKENS);

    const books = await settledBooks(fixture, userId, served ? 2 : 1);
    expect(books.quota).toBeGreaterThanOrEqual(0);
    expect(books.quota + books.used_quota).toBe(QUOTA);
    const [token] = (await user.must<{ items: TokenRow[] }>('GET', '/api/token/?p=0&size=10')).items;
    expect(token?.remain_quota).toBeGreaterThanOrEqual(0);
  });
});
