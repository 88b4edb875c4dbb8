import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicMock, startAnthropicMock } from '../mock-upstream/anthropic-google/anthropic-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** Claude's native Messages API through Tollgate with the official Anthropic SDK. Every ratio 1. */
const INPUT = 21;
const OUTPUT = 8;

describe('the native Claude surface', () => {
  let fixture: EmbeddedFixture;
  let claude: AnthropicMock;
  let ivan: ConsoleClient;
  let key: string;
  let client: Anthropic;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    claude = await startAnthropicMock('sk-ant-upstream', { reply: 'Native hello', inputTokens: INPUT, outputTokens: OUTPUT });
    await priceModels(fixture, { 'claude-test': 1 });
    await fixture.root.must('POST', '/api/channel/', { name: 'claude', type: 14, key: 'sk-ant-upstream', base_url: claude.url, models: 'claude-test', group: 'default' });
    ({ user: ivan, key } = await userWithKey(fixture, 'ivan', 100_000));
    client = new Anthropic({ apiKey: key, baseURL: fixture.tollgate.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await fixture?.close();
    await claude?.close();
  });

  it('passes a message through, with the channel key and the client beta header', async () => {
    const message = await client.messages.create(
      { model: 'claude-test', max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] },
      { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } },
    );
    expect(message.content).toEqual([{ type: 'text', text: 'Native hello' }]);
    expect(message.usage).toMatchObject({ input_tokens: INPUT, output_tokens: OUTPUT });
    const sent = claude.requests.at(-1);
    expect(sent?.headers['x-api-key']).toBe('sk-ant-upstream');
    expect(sent?.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(sent?.body).toMatchObject({ model: 'claude-test', system: 'Be brief.', max_tokens: 64 });
  });

  it('streams Claude events through unchanged', async () => {
    const stream = client.messages.stream({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Native hello' }]);
    expect(final.usage.output_tokens).toBe(OUTPUT);
  });

  it('refuses a bad key in Anthropic’s error shape', async () => {
    const stranger = new Anthropic({ apiKey: 'sk-not-a-key', baseURL: fixture.tollgate.url, maxRetries: 0 });
    await expect(stranger.messages.create({ model: 'claude-test', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      status: 401,
      error: { type: 'error', error: { type: 'authentication_error', message: '无效的令牌' } },
    });
  });

  it('counts tokens through the channel, free of charge', async () => {
    const counted = await client.messages.countTokens({ model: 'claude-test', messages: [{ role: 'user', content: 'hi' }] });
    expect(counted.input_tokens).toBe(INPUT);
    expect(claude.requests.at(-1)?.headers['x-api-key']).toBe('sk-ant-upstream');
  });

  it('bills both messages exactly (input + output tokens), and not the count', async () => {
    const self = await eventually(async () => {
      const view = await ivan.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 2 ? view : undefined;
    }, 5000, 'two calls billed');
    expect(self.used_quota).toBe(2 * (INPUT + OUTPUT));
  });
});
