import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeminiMock, startGeminiMock } from '../mock-upstream/anthropic-google/gemini-mock.js';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** The Messages API served by channels that speak OpenAI's and Gemini's protocols. Every ratio 1. */
const OPENAI_USAGE = { promptTokens: 13, completionTokens: 5 };
const GEMINI_USAGE = { promptTokens: 17, outputTokens: 4 };

describe('the Claude surface on channels of other providers', () => {
  let fixture: EmbeddedFixture;
  let openai: OpenAIMock;
  let gemini: GeminiMock;
  let user: ConsoleClient;
  let client: Anthropic;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    openai = await startOpenAIMock({ reply: 'Hello from GPT', ...OPENAI_USAGE });
    gemini = await startGeminiMock({ reply: 'Hello from Gemini', ...GEMINI_USAGE });
    await priceModels(fixture, { 'gpt-via-claude': 1, 'gemini-via-claude': 1 });
    await fixture.root.must('POST', '/api/channel/', { name: 'gpt', type: 1, key: 'sk-openai-upstream', base_url: openai.url, models: 'gpt-via-claude', group: 'default' });
    await fixture.root.must('POST', '/api/channel/', { name: 'gem', type: 24, key: 'gemini-upstream', base_url: gemini.url, models: 'gemini-via-claude', group: 'default' });
    let key: string;
    ({ user, key } = await userWithKey(fixture, 'claudia', 100_000));
    client = new Anthropic({ apiKey: key, baseURL: fixture.tollgate.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await fixture?.close();
    await openai?.close();
    await gemini?.close();
  });

  it('sends a Claude message to an OpenAI channel as a chat completion and answers in Claude’s shape', async () => {
    const message = await client.messages.create({ model: 'gpt-via-claude', max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] });
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'gpt-via-claude', stop_reason: 'end_turn' });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from GPT' }]);
    expect(message.usage).toMatchObject({ input_tokens: 13, output_tokens: 5 });
    const sent = openai.requests.at(-1);
    expect(sent?.authorization).toBe('Bearer sk-openai-upstream');
    expect(sent?.body).toMatchObject({ model: 'gpt-via-claude', max_tokens: 64, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
  });

  it('streams an OpenAI channel’s answer as Claude events the SDK assembles', async () => {
    const stream = client.messages.stream({ model: 'gpt-via-claude', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    const deltas: string[] = [];
    stream.on('text', (text) => deltas.push(text));
    const final = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(1);
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from GPT' }]);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(5);
    expect(openai.requests.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('serves a Claude client from a Gemini channel, plain and streamed', async () => {
    const message = await client.messages.create({ model: 'gemini-via-claude', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from Gemini' }]);
    expect(message.usage).toMatchObject({ input_tokens: 17, output_tokens: 4 });
    const final = await client.messages.stream({ model: 'gemini-via-claude', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from Gemini' }]);
    expect(gemini.requests.at(-1)?.path).toContain(':streamGenerateContent');
  });

  it('answers an upstream failure in Anthropic’s error shape', async () => {
    openai.configure({ failWith: 500 });
    try {
      await expect(client.messages.create({ model: 'gpt-via-claude', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
        status: 500,
        error: { type: 'error', error: { type: 'api_error' } },
      });
    } finally {
      openai.configure({ failWith: 0 });
    }
  });

  it('bills every answered call exactly and the failed one not at all', async () => {
    const self = await eventually(async () => {
      const view = await user.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 4 ? view : undefined;
    }, 5000, 'four calls billed');
    expect(self.used_quota).toBe(2 * (13 + 5) + 2 * (17 + 4));
  });
});
