import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicMock, startAnthropicMock } from '../mock-upstream/anthropic-google/anthropic-mock.js';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** Google's generateContent surface served by OpenAI-protocol and Claude channels, with @google/genai. Every ratio 1. */
describe('the Gemini surface on channels of other providers', () => {
  let fixture: EmbeddedFixture;
  let openai: OpenAIMock;
  let claude: AnthropicMock;
  let user: ConsoleClient;
  let ai: GoogleGenAI;
  let key: string;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    openai = await startOpenAIMock({ reply: 'Hi from GPT', promptTokens: 7, completionTokens: 3 });
    claude = await startAnthropicMock('sk-ant-upstream', { reply: 'Hi from Claude', inputTokens: 9, outputTokens: 2 });
    await priceModels(fixture, { 'gpt-as-gemini': 1, 'claude-as-gemini': 1 });
    await fixture.root.must('POST', '/api/channel/', { name: 'gpt', type: 1, key: 'sk-openai-upstream', base_url: openai.url, models: 'gpt-as-gemini', group: 'default' });
    await fixture.root.must('POST', '/api/channel/', { name: 'claude', type: 14, key: 'sk-ant-upstream', base_url: claude.url, models: 'claude-as-gemini', group: 'default' });
    ({ user, key } = await userWithKey(fixture, 'gina', 100_000));
    ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: fixture.tollgate.url } });
  });

  afterAll(async () => {
    await fixture?.close();
    await openai?.close();
    await claude?.close();
  });

  it('sends generateContent to an OpenAI channel as a chat completion and answers in Google’s shape', async () => {
    const answer = await ai.models.generateContent({
      model: 'gpt-as-gemini',
      contents: 'hi',
      config: { systemInstruction: 'Be brief.', maxOutputTokens: 50, temperature: 0.5 },
    });
    expect(answer.text).toBe('Hi from GPT');
    expect(answer.candidates?.[0]?.finishReason).toBe('STOP');
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 });
    expect(openai.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-as-gemini',
      max_tokens: 50,
      temperature: 0.5,
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }],
    });
  });

  it('streams an OpenAI channel’s answer as Gemini events, usage in the last', async () => {
    let text = '';
    let usage: unknown;
    for await (const chunk of await ai.models.generateContentStream({ model: 'gpt-as-gemini', contents: 'hi' })) {
      text += chunk.text ?? '';
      usage = chunk.usageMetadata ?? usage;
    }
    expect(text).toBe('Hi from GPT');
    expect(usage).toMatchObject({ promptTokenCount: 7, candidatesTokenCount: 3 });
  });

  it('serves a Gemini client from a Claude channel', async () => {
    const answer = await ai.models.generateContent({ model: 'claude-as-gemini', contents: 'hi' });
    expect(answer.text).toBe('Hi from Claude');
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 9, candidatesTokenCount: 2 });
    expect(claude.requests.at(-1)?.headers['x-api-key']).toBe('sk-ant-upstream');
  });

  it('keeps embeddings for Gemini channels: none here, so none is available', async () => {
    const response = await fetch(`${fixture.tollgate.url}/v1beta/models/gpt-as-gemini:embedContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
      body: JSON.stringify({ content: { parts: [{ text: 'x' }] } }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(openai.requests.filter((r) => r.path.includes('embeddings'))).toEqual([]);
  });

  it('bills the three answered calls exactly', async () => {
    const self = await eventually(async () => {
      const view = await user.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 3 ? view : undefined;
    }, 5000, 'three calls billed');
    expect(self.used_quota).toBe(2 * (7 + 3) + (9 + 2));
  });
});
