import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeminiMock, startGeminiMock } from '../mock-upstream/anthropic-google/gemini-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** An OpenAI client served by a Gemini channel (type 24), billed exactly. Every ratio 1. */
const PROMPT = 6;
const OUTPUT = 9;

describe('an OpenAI client on a Gemini channel', () => {
  let fixture: EmbeddedFixture;
  let google: GeminiMock;
  let gina: ConsoleClient;
  let key: string;
  let client: OpenAI;
  let channelId = 0;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    google = await startGeminiMock({ reply: 'Hello from Gemini', promptTokens: PROMPT, outputTokens: OUTPUT });
    await priceModels(fixture, { 'gemini-test': 1 });
    [channelId] = await fixture.root.must<[number]>('POST', '/api/channel/', { name: 'gemini', type: 24, key: 'AIza-secret', base_url: google.url, models: 'gemini-test', group: 'default' });
    ({ user: gina, key } = await userWithKey(fixture, 'gina', 100_000));
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await fixture?.close();
    await google?.close();
  });

  it('answers a plain chat through generateContent with the key in x-goog-api-key', async () => {
    const completion = await client.chat.completions.create({ model: 'gemini-test', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
    expect(completion.choices[0]).toMatchObject({ message: { content: 'Hello from Gemini' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({ prompt_tokens: PROMPT, completion_tokens: OUTPUT });
    expect(google.requests.at(-1)).toMatchObject({ path: '/v1beta/models/gemini-test:generateContent', apiKey: 'AIza-secret', body: { systemInstruction: { parts: [{ text: 'Be brief.' }] } } });
  });

  it('streams through streamGenerateContent, usage only when asked', async () => {
    const collect = async (includeUsage: boolean) => {
      const stream = await client.chat.completions.create({ model: 'gemini-test', stream: true, ...(includeUsage ? { stream_options: { include_usage: true } } : {}), messages: [{ role: 'user', content: 'hi' }] });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        usage = chunk.usage ?? usage;
      }
      return { text, usage };
    };
    expect(await collect(true)).toMatchObject({ text: 'Hello from Gemini', usage: { prompt_tokens: PROMPT, completion_tokens: OUTPUT } });
    expect(await collect(false)).toEqual({ text: 'Hello from Gemini', usage: undefined });
    expect(google.requests.at(-1)?.path).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse');
  });

  it('bills every call exactly', async () => {
    const self = await eventually(async () => {
      const view = await gina.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 3 ? view : undefined;
    }, 5000, 'three calls billed');
    expect(self.used_quota).toBe(3 * (PROMPT + OUTPUT));
  });

  it('passes the channel test through generateContent with the channel key', async () => {
    expect(await fixture.root.call('GET', `/api/channel/test/${channelId}`)).toMatchObject({ success: true, model: 'gemini-test' });
    expect(google.requests.at(-1)).toMatchObject({ path: '/v1beta/models/gemini-test:generateContent', apiKey: 'AIza-secret' });
  });
});
