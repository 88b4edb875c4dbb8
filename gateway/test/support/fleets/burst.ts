import OpenAI from 'openai';
import { expect } from 'vitest';
import { type ConsoleClient, eventually, revealTokenKey } from '../clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../gateways/embedded-fixture.js';

/**
 * The admission burst: models that cost more, less, or a fixed price per call, many parallel
 * calls through one or several tokens, and what the ledger made of them.
 */

/** 40 characters: the gateway counts them as 10 prompt tokens, as many as the mock reports. */
export const PROMPT = 'a'.repeat(40);
export const PROMPT_TOKENS = 10;
export const ANSWER_TOKENS = 50;
/** The mock's answer: one token per word, so an answer cut at n tokens is n words. */
export const ANSWER = 'word '.repeat(ANSWER_TOKENS);

export interface BurstModel {
  model: string;
  /** What one whole answer costs. */
  cost: number;
  stream?: boolean;
}

/** Cheap, dear (completion ratio 20), priced per call, streamed; each model's most output (ModelMaxOutputTokens) is the mock's answer length. */
export const MODELS = {
  cheap: { model: 'cheap-model', cost: PROMPT_TOKENS + ANSWER_TOKENS },
  dear: { model: 'dear-model', cost: PROMPT_TOKENS + ANSWER_TOKENS * 20 },
  perCall: { model: 'percall-model', cost: 1_000 },
  streamed: { model: 'stream-model', cost: PROMPT_TOKENS + ANSWER_TOKENS, stream: true },
} satisfies Record<string, BurstModel>;

/** A model whose most output is not listed: its worst case is the 8,192-token fallback. */
export const UNLISTED: BurstModel = { model: 'unlisted-model', cost: PROMPT_TOKENS + ANSWER_TOKENS * 20 };

export const BURST_MODEL_NAMES = [...Object.values(MODELS), UNLISTED].map((m) => m.model).join(',');

/** Root's prices for the burst models, and their most output. */
export async function priceBurstModels(root: ConsoleClient): Promise<void> {
  const options = {
    ModelRatio: { 'cheap-model': 1, 'dear-model': 1, 'stream-model': 1, 'unlisted-model': 1 },
    CompletionRatio: { 'cheap-model': 1, 'dear-model': 20, 'stream-model': 1, 'unlisted-model': 20 },
    ModelPrice: { 'percall-model': 0.002 }, // x 500,000 quota per unit = 1,000
    ModelMaxOutputTokens: { 'cheap-model': ANSWER_TOKENS, 'dear-model': ANSWER_TOKENS, 'stream-model': ANSWER_TOKENS },
    PreConsumedQuota: 0, // no margin: a call's worst case is exactly what a whole answer costs
    // No cache-write premium (new-api's default 1.25, which the worst case otherwise counts on every prompt token).
    CreateCacheRatio: { 'cheap-model': 1, 'dear-model': 1, 'stream-model': 1, 'unlisted-model': 1 },
  };
  for (const [key, value] of Object.entries(options)) await root.must('PUT', '/api/option/', { key, value: JSON.stringify(value) });
}

/** The embedded server with the burst models priced and one OpenAI channel (the mock) serving them all. */
export async function startBurstFixture(): Promise<EmbeddedFixture> {
  const fixture = await startEmbeddedFixture({ reply: ANSWER, promptTokens: PROMPT_TOKENS, completionTokens: ANSWER_TOKENS });
  await priceBurstModels(fixture.root);
  await fixture.root.must('POST', '/api/channel/', { name: 'burst', type: 1, key: 'k', base_url: fixture.upstream.url, models: BURST_MODEL_NAMES, group: 'default' });
  return fixture;
}

export interface Outcome {
  served: number;
  /** The messages of the refusals (every refusal must be a 403 of new-api's quota messages). */
  refusals: string[];
  finishReasons: string[];
}

/** One call through the official SDK; resolves its finish reason, rejects with the SDK's APIError. */
export async function callOnce(client: OpenAI, m: BurstModel, maxTokens?: number): Promise<string> {
  const body = { model: m.model, messages: [{ role: 'user' as const, content: PROMPT }], ...(maxTokens ? { max_tokens: maxTokens } : {}) };
  if (!m.stream) return (await client.chat.completions.create(body)).choices[0]?.finish_reason ?? '';
  let finish = '';
  for await (const chunk of await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } })) finish = chunk.choices[0]?.finish_reason ?? finish;
  return finish;
}

/** `count` calls at once, spread round-robin over the clients. */
export async function burst(clients: OpenAI[], m: BurstModel, count: number): Promise<Outcome> {
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, i) => callOnce(clients[i % clients.length] as OpenAI, m)));
  const outcome: Outcome = { served: 0, refusals: [], finishReasons: [] };
  for (const result of settled) {
    if (result.status === 'fulfilled') {
      outcome.served += 1;
      outcome.finishReasons.push(result.value);
    } else {
      const error = result.reason as { status?: number; message?: string };
      expect(error.status, String(error.message)).toBe(403);
      outcome.refusals.push(String(error.message));
    }
  }
  return outcome;
}

export const QUOTA_REFUSALS = ['403 用户额度不足', '403 该令牌额度已用尽'];

interface SelfView { quota: number; used_quota: number; request_count: number }
interface TokenView { id: number; remain_quota: number; used_quota: number }

export interface Books {
  quota: number;
  usedQuota: number;
  tokens: { remain: number; used: number }[];
  /** The sum of the user's consume log rows. */
  logged: number;
  rows: number;
}

/** The user's balances and log once the ledger applied `served` calls (and, after a pause, nothing more). */
export async function booksAfter(user: ConsoleClient, served: number, timeoutMs = 10_000): Promise<Books> {
  await eventually(async () => ((await user.must<SelfView>('GET', '/api/user/self')).request_count === served ? true : undefined), timeoutMs, `${served} calls applied`);
  const logs = await eventually(async () => {
    const page = await user.must<{ items: { quota: number }[]; total: number }>('GET', '/api/log/self/?p=1&page_size=100&type=2');
    return page.total === served ? page : undefined;
  }, timeoutMs, `${served} consume rows`);
  await new Promise((r) => setTimeout(r, 300)); // a late, extra charge would land by now
  const self = await user.must<SelfView>('GET', '/api/user/self');
  const { items } = await user.must<{ items: TokenView[] }>('GET', '/api/token/?p=0&size=10');
  return {
    quota: self.quota,
    usedQuota: self.used_quota,
    tokens: items.map((t) => ({ remain: t.remain_quota, used: t.used_quota })),
    logged: logs.items.reduce((sum, row) => sum + row.quota, 0),
    rows: self.request_count,
  };
}

/** Creates `count` tokens of `remainQuota` each for the user; returns an SDK client for each token on each of `baseUrls` (the gateways). */
export async function tokenClients(user: ConsoleClient, count: number, remainQuota: number, baseUrls: string[]): Promise<OpenAI[]> {
  for (let i = 0; i < count; i += 1) await user.must('POST', '/api/token/', { name: `burst-${i}`, remain_quota: remainQuota, expired_time: -1 });
  const { items } = await user.must<{ items: TokenView[] }>('GET', '/api/token/?p=0&size=10');
  const keys = await Promise.all(items.map((t) => revealTokenKey(user, t.id)));
  return keys.flatMap((key) => baseUrls.map((url) => new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 })));
}

/** The money invariants every burst must keep. */
export function expectSolvent(books: Books, funded: number, served: number): void {
  expect(books.rows).toBe(served);
  expect(books.quota).toBeGreaterThanOrEqual(0);
  for (const token of books.tokens) expect(token.remain).toBeGreaterThanOrEqual(0);
  expect(books.logged).toBe(books.usedQuota);
  expect(books.quota + books.usedQuota).toBe(funded);
  expect(books.tokens.reduce((sum, t) => sum + t.used, 0)).toBe(books.usedQuota);
}
