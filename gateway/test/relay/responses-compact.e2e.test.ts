import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { chargeTracker } from '../support/clients/relay-billing.js';

/**
 * POST /v1/responses/compact (Codex's remote compaction) through the real embedded server with the
 * openai SDK's `responses.compact`, billed like a response from the compaction pass's usage, its
 * cached input at CacheRatio.
 */
const INPUT = 40;
const CACHED = 16;
const OUTPUT = 9;
const RATIO = { model: 2, completion: 3, cache: 0.5 };
const COST = ((INPUT - CACHED) + CACHED * RATIO.cache + OUTPUT * RATIO.completion) * RATIO.model;
const CONVERSATION = [
  { role: 'user' as const, content: 'Refactor the parser' },
  { role: 'assistant' as const, content: 'Done: split into three files' },
  { role: 'user' as const, content: 'Now add tests' },
];

describe('responses compaction', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;
  let tracker: ReturnType<typeof chargeTracker>;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'summary of the parser work', promptTokens: INPUT, cachedTokens: CACHED, completionTokens: OUTPUT });
    await priceModels(fixture, { 'gpt-5-codex': RATIO.model, 'gpt-5-az': RATIO.model }, { 'gpt-5-codex': RATIO.completion, 'gpt-5-az': RATIO.completion });
    await fixture.root.must('PUT', '/api/option/', { key: 'CacheRatio', value: JSON.stringify({ 'gpt-5-codex': RATIO.cache, 'gpt-5-az': RATIO.cache }) });
    const channel = { key: 'k', base_url: fixture.upstream.url, group: 'default' };
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'openai', type: 1, models: 'gpt-5-codex', model_mapping: '{"gpt-5-codex":"gpt-5.1-codex"}' });
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'azure', type: 3, key: 'azure-key', other: '2025-04-01-preview', models: 'gpt-5-az' });
    const { user, key } = await userWithKey(fixture, 'codex', 1_000_000);
    tracker = chargeTracker(user);
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => fixture?.close());

  it('answers the compacted window as OpenAI does, sent to the channel’s /v1/responses/compact, billed by its usage', async () => {
    const compacted = await client.responses.compact({ model: 'gpt-5-codex', input: CONVERSATION, instructions: 'You are a coding agent' });
    expect(compacted.object).toBe('response.compaction');
    expect(compacted.output.map((item) => item.type)).toEqual(['message', 'message', 'compaction']);
    expect(compacted.usage).toMatchObject({ input_tokens: INPUT, output_tokens: OUTPUT });
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/responses/compact');
    expect(sent?.body).toMatchObject({ model: 'gpt-5.1-codex', instructions: 'You are a coding agent' });
    const row = await tracker.expectCharged(COST);
    expect(row).toMatchObject({ model_name: 'gpt-5-codex', prompt_tokens: INPUT, completion_tokens: OUTPUT, is_stream: false });
    expect(JSON.parse(row.other)).toMatchObject({ model_ratio: RATIO.model, completion_ratio: RATIO.completion, cache_tokens: CACHED, cache_ratio: RATIO.cache });
  });

  it("sends an Azure channel's compaction to /openai/responses/compact, the deployment as the model", async () => {
    await client.responses.compact({ model: 'gpt-5-az', input: 'compact me' });
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/openai/responses/compact?api-version=2025-04-01-preview');
    expect(sent?.headers['api-key']).toBe('azure-key');
    expect(sent?.body.model).toBe('gpt-5-az');
    await tracker.expectCharged(COST);
  });

  it('refuses a body without a model and an unknown model, and relays an upstream failure, charging nothing', async () => {
    const before = fixture.upstream.requests.length;
    await expect(client.responses.compact({ model: '', input: 'hi' })).rejects.toMatchObject({ status: 400, error: { type: 'invalid_request_error' } });
    await expect(client.responses.compact({ model: 'gpt-9', input: 'hi' })).rejects.toMatchObject({ status: 503, error: { code: 'model_not_found' } });
    expect(fixture.upstream.requests.length).toBe(before);
    fixture.upstream.configure({ failWith: 429 });
    await expect(client.responses.compact({ model: 'gpt-5-codex', input: 'hi' })).rejects.toMatchObject({ status: 429, error: { message: 'mock failure 429' } });
    fixture.upstream.configure({ failWith: 0 });
    // The next compaction is the only one charged since the first two tests.
    await client.responses.compact({ model: 'gpt-5-codex', input: 'hi' });
    await tracker.expectCharged(COST);
  });
});
