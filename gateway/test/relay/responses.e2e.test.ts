import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { chargeTracker } from '../support/clients/relay-billing.js';

/**
 * The Responses API, plain and streamed, through the real embedded server with the openai SDK.
 * Billed (input + output x 3) x 2 from the answer's usage or the stream's response.completed.
 */
const REPLY = 'Tollgate answers here';
const INPUT = 11;
const OUTPUT = 13;
const COST = (INPUT + OUTPUT * 3) * 2;

describe('responses: plain and streamed', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;
  let tracker: ReturnType<typeof chargeTracker>;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: REPLY, promptTokens: INPUT, completionTokens: OUTPUT });
    await priceModels(fixture, { 'gpt-4.1': 2, 'gpt-4.1-az': 2, 'claude-sonnet': 1 }, { 'gpt-4.1': 3, 'gpt-4.1-az': 3 });
    const channel = { key: 'k', base_url: fixture.upstream.url, group: 'default' };
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'openai', type: 1, models: 'gpt-4.1', model_mapping: '{"gpt-4.1":"gpt-4.1-2025-04-14"}' });
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'azure', type: 3, key: 'azure-key', other: '2025-03-01-preview', models: 'gpt-4.1-az' });
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'claude', type: 14, models: 'claude-sonnet' });
    const { user, key } = await userWithKey(fixture, 'kate', 1_000_000);
    tracker = chargeTracker(user);
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => fixture?.close());

  it('answers a plain response as OpenAI does, the model mapped upstream, billed by its usage', async () => {
    const response = await client.responses.create({ model: 'gpt-4.1', input: 'Say hi', instructions: 'Be brief' });
    expect(response.output_text).toBe(REPLY);
    expect(response.usage).toMatchObject({ input_tokens: INPUT, output_tokens: OUTPUT });
    expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4.1-2025-04-14', input: 'Say hi', instructions: 'Be brief' });
    const row = await tracker.expectCharged(COST);
    expect(row).toMatchObject({ model_name: 'gpt-4.1', prompt_tokens: INPUT, completion_tokens: OUTPUT, is_stream: false });
    expect(JSON.parse(row.other)).toMatchObject({ model_ratio: 2, completion_ratio: 3, group_ratio: 1 });
  });

  it('streams the events through unchanged, billed by the usage of response.completed', async () => {
    const stream = await client.responses.create({ model: 'gpt-4.1', input: [{ role: 'user', content: [{ type: 'input_text', text: 'Say hi' }] }], stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe(REPLY);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    const row = await tracker.expectCharged(COST);
    expect(row.is_stream).toBe(true);
    expect(JSON.parse(row.other).frt).toBeGreaterThanOrEqual(0);
  });

  it('counts the input and the streamed text when the upstream reports no usage', async () => {
    fixture.upstream.configure({ omitUsage: true });
    const stream = await client.responses.create({ model: 'gpt-4.1', input: 'Count me', stream: true });
    for await (const event of stream) expect(event.type).toBeTruthy();
    fixture.upstream.configure({ omitUsage: false });
    const row = await tracker.expectCharged((countTokens('Count me') + countTokens(REPLY) * 3) * 2);
    expect(row).toMatchObject({ prompt_tokens: countTokens('Count me'), completion_tokens: countTokens(REPLY) });
  });

  it("sends an Azure channel's response to /openai/responses, the deployment as the model", async () => {
    await client.responses.create({ model: 'gpt-4.1-az', input: 'hi' });
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/openai/responses?api-version=2025-03-01-preview');
    expect(sent?.headers['api-key']).toBe('azure-key');
    expect(sent?.body.model).toBe('gpt-41-az');
    await tracker.expectCharged(COST);
  });

  it('refuses a bad body, an unknown model, a channel that does not speak it, and relays an upstream failure, charging nothing', async () => {
    const before = fixture.upstream.requests.length;
    await expect(client.responses.create({ model: '', input: 'hi' })).rejects.toMatchObject({ status: 400, error: { type: 'invalid_request_error' } });
    await expect(client.responses.create({ model: 'gpt-9', input: 'hi' })).rejects.toMatchObject({ status: 503, error: { code: 'model_not_found' } });
    await expect(client.responses.create({ model: 'claude-sonnet', input: 'hi' })).rejects.toMatchObject({ status: 503 });
    expect(fixture.upstream.requests.length).toBe(before);
    fixture.upstream.configure({ failWith: 500 });
    await expect(client.responses.create({ model: 'gpt-4.1', input: 'hi', stream: true })).rejects.toMatchObject({ status: 500, error: { message: 'mock failure 500' } });
    fixture.upstream.configure({ failWith: 0 });
    await client.responses.create({ model: 'gpt-4.1', input: 'hi' });
    await tracker.expectCharged(COST);
  });
});
