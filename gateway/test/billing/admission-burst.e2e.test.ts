import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksAfter, burst, type BurstModel, callOnce, expectSolvent, MODELS, QUOTA_REFUSALS, startBurstFixture, tokenClients, UNLISTED } from '../support/fleets/burst.js';
import { type EmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #23, "No overdraft, ever" and "No stranded quota", on the real embedded server with the
 * official openai SDK as client and a mock upstream that stops at max_tokens as providers do.
 */
const N = 10;
const BURST = 60;

describe('admission under a burst: no overdraft, no stranded quota', () => {
  let fixture: EmbeddedFixture;
  let users = 0;

  beforeAll(async () => {
    fixture = await startBurstFixture();
  });

  afterAll(async () => fixture?.close());

  /** A user funded with `quota`, and `tokens` keys of `tokenQuota` each. */
  async function funded(quota: number, tokens: number, tokenQuota = quota) {
    const user = await userWithQuota(fixture, `burst${(users += 1)}`, quota);
    return { user, clients: await tokenClients(user, tokens, tokenQuota, [fixture.tollgate.url]) };
  }

  const models: [string, BurstModel][] = Object.entries(MODELS);

  it.each(models)('%s: 60 parallel calls through one token, funded for N, serve exactly N and leave nothing below zero', async (_, m) => {
    const { user, clients } = await funded(N * m.cost, 1);
    const outcome = await burst(clients, m, BURST);
    expect(outcome.served).toBe(N);
    expect(new Set(outcome.refusals)).toEqual(new Set(['403 用户额度不足']));
    const books = await booksAfter(user, outcome.served);
    expectSolvent(books, N * m.cost, outcome.served);
    expect(books.quota).toBe(0);
  });

  it.each(models)('%s: the same burst through five tokens keeps the user and every token at or above zero', async (_, m) => {
    // Each token alone could pay for 3 calls; the user, for N: both limits hold at once.
    const { user, clients } = await funded(N * m.cost, 5, 3 * m.cost);
    const outcome = await burst(clients, m, BURST);
    expect(outcome.served).toBe(N);
    expect(outcome.refusals.every((message) => QUOTA_REFUSALS.includes(message))).toBe(true);
    const books = await booksAfter(user, outcome.served);
    expectSolvent(books, N * m.cost, outcome.served);
    expect(books.tokens.map((t) => t.used).every((used) => used <= 3 * m.cost)).toBe(true);
  });

  it('where the tokens hold less than the user, a burst through five of them spends each token to zero and no further', async () => {
    const m = MODELS.dear;
    const { user, clients } = await funded(100 * m.cost, 5, 2 * m.cost);
    const outcome = await burst(clients, m, BURST);
    expect(outcome.served).toBe(10);
    expect(new Set(outcome.refusals)).toEqual(new Set(['403 该令牌额度已用尽']));
    const books = await booksAfter(user, outcome.served);
    expectSolvent(books, 100 * m.cost, outcome.served);
    expect(books.tokens.map((t) => t.remain)).toEqual([0, 0, 0, 0, 0]);
  });

  it.each(models)('%s: a user funded for exactly N calls gets N one after another, and the next is refused', async (_, m) => {
    const { user, clients } = await funded(N * m.cost, 1);
    const client = clients[0] as OpenAI;
    for (let i = 0; i < N; i += 1) expect(await callOnce(client, m)).toBe('stop');
    await expect(callOnce(client, m)).rejects.toMatchObject({ status: 403, message: '403 用户额度不足' });
    const books = await booksAfter(user, N);
    expectSolvent(books, N * m.cost, N);
    expect(books.quota).toBe(0);
  });

  it("a model ModelMaxOutputTokens does not list: a burst through five tokens never overdraws, though one call's worst case is the whole balance", async () => {
    const { user, clients } = await funded(5 * UNLISTED.cost + 100, 5);
    const outcome = await burst(clients, UNLISTED, BURST);
    expect(outcome.served).toBeGreaterThanOrEqual(1);
    expect(outcome.served).toBeLessThanOrEqual(5);
    expectSolvent(await booksAfter(user, outcome.served), 5 * UNLISTED.cost + 100, outcome.served);
  });

  it('as the balance runs out, the last call gets a shorter answer ending with finish_reason "length", then a refusal', async () => {
    const quota = 2 * MODELS.dear.cost + 510; // a third call pays for (510 - 10) / 20 = 25 answer tokens
    const { user, clients } = await funded(quota, 1);
    const client = clients[0] as OpenAI;
    expect([await callOnce(client, MODELS.dear), await callOnce(client, MODELS.dear)]).toEqual(['stop', 'stop']);
    const last = await client.chat.completions.create({ model: MODELS.dear.model, messages: [{ role: 'user', content: 'a'.repeat(40) }] });
    expect({ finish: last.choices[0]?.finish_reason, completion: last.usage?.completion_tokens }).toEqual({ finish: 'length', completion: 25 });
    expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ max_tokens: 25 });
    await expect(callOnce(client, MODELS.dear)).rejects.toMatchObject({ status: 403 });
    const books = await booksAfter(user, 3);
    expectSolvent(books, quota, 3);
    expect(books.quota).toBe(0);
  });

  it('an upstream that ignores max_tokens still leaves no balance below zero: a charge never exceeds its hold', async () => {
    fixture.upstream.configure({ ignoreLimits: true });
    try {
      const quota = 3 * MODELS.dear.cost + 510;
      const { user, clients } = await funded(quota, 5);
      const outcome = await burst(clients, UNLISTED, 20);
      expect(outcome.served).toBeGreaterThanOrEqual(1);
      const books = await booksAfter(user, outcome.served);
      expectSolvent(books, quota, outcome.served);
    } finally {
      fixture.upstream.configure({ ignoreLimits: false });
    }
  });
});
