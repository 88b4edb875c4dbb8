import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { chargeTracker } from '../support/clients/relay-billing.js';

/**
 * Moderations (OpenAI channel) and rerank (a SiliconCloud channel, type 40) through the real
 * embedded server with the openai SDK: both billed by input tokens x model ratio 2.
 */
const RERANK_TOKENS = 17;

interface RerankAnswer {
  results: { index: number; relevance_score: number; document: { text: string } }[];
}

describe('moderations and rerank', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;
  let tracker: ReturnType<typeof chargeTracker>;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: RERANK_TOKENS });
    await priceModels(fixture, { 'omni-moderation-latest': 2, 'bge-reranker-v2-m3': 2 });
    const channel = { key: 'k', base_url: fixture.upstream.url, group: 'default' };
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'openai', type: 1, models: 'omni-moderation-latest' });
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'siliconcloud', type: 40, models: 'bge-reranker-v2-m3', model_mapping: '{"bge-reranker-v2-m3":"BAAI/bge-reranker-v2-m3"}' });
    const { user, key } = await userWithKey(fixture, 'lena', 1_000_000);
    tracker = chargeTracker(user);
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => fixture?.close());

  it('moderates, billed by the counted tokens of the input (OpenAI reports no usage)', async () => {
    const input = 'I will bake a cake for my neighbours tomorrow';
    const moderation = await client.moderations.create({ model: 'omni-moderation-latest', input });
    expect(moderation.results[0]?.flagged).toBe(false);
    const row = await tracker.expectCharged(countTokens(input) * 2);
    expect(row).toMatchObject({ model_name: 'omni-moderation-latest', prompt_tokens: countTokens(input), completion_tokens: 0 });
  });

  it('moderates a list without a model as omni-moderation-latest, as OpenAI does', async () => {
    const moderation = await client.moderations.create({ input: ['first text', 'second text'] });
    expect(moderation.results).toHaveLength(2);
    expect(fixture.upstream.requests.at(-1)?.body.model).toBe('omni-moderation-latest');
    await tracker.expectCharged(countTokens('first text\nsecond text') * 2);
  });

  it('reranks on an OpenAI-compatible channel, the model mapped, billed by the input tokens it reports', async () => {
    const body = { model: 'bge-reranker-v2-m3', query: 'capital of France', documents: ['Paris is the capital of France', 'Berlin is in Germany', 'Lyon is in France'], top_n: 2 };
    const answer = await client.post<RerankAnswer>('/rerank', { body });
    expect(answer.results.map((r) => r.document.text)).toEqual(['Paris is the capital of France', 'Berlin is in Germany']);
    expect(fixture.upstream.requests.at(-1)).toMatchObject({ path: '/v1/rerank', body: { model: 'BAAI/bge-reranker-v2-m3', top_n: 2 } });
    const row = await tracker.expectCharged(RERANK_TOKENS * 2);
    expect(row.prompt_tokens).toBe(RERANK_TOKENS);
  });

  it('counts the query and documents when the reranker reports no usage', async () => {
    fixture.upstream.configure({ omitUsage: true });
    await client.post('/rerank', { body: { model: 'bge-reranker-v2-m3', query: 'q', documents: ['alpha', 'beta'] } });
    fixture.upstream.configure({ omitUsage: false });
    await tracker.expectCharged(countTokens('q\nalpha\nbeta') * 2);
  });

  it('refuses bad bodies and unknown models in the OpenAI shape, charging nothing', async () => {
    const before = fixture.upstream.requests.length;
    await expect(client.post('/rerank', { body: { model: 'bge-reranker-v2-m3', query: 'q', documents: [] } })).rejects.toMatchObject({ status: 400, error: { type: 'invalid_request_error' } });
    await expect(client.moderations.create({ model: 'text-moderation-007', input: 'x' })).rejects.toMatchObject({ status: 503, error: { code: 'model_not_found' } });
    await expect(client.post('/rerank', { body: { model: 'no-reranker', query: 'q', documents: ['d'] } })).rejects.toMatchObject({ status: 503 });
    expect(fixture.upstream.requests.length).toBe(before);
    await client.moderations.create({ input: 'ok' });
    await tracker.expectCharged(countTokens('ok') * 2);
  });
});
