import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeminiMock, startGeminiMock } from '../mock-upstream/anthropic-google/gemini-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** Google's native generateContent surface through Tollgate with the official @google/genai client. Every ratio 1. */
const PROMPT = 5;
const OUTPUT = 12;

describe('the native Gemini surface', () => {
  let fixture: EmbeddedFixture;
  let google: GeminiMock;
  let kim: ConsoleClient;
  let key: string;
  let ai: GoogleGenAI;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    google = await startGeminiMock({ reply: 'Native Gemini hello', promptTokens: PROMPT, outputTokens: OUTPUT });
    await priceModels(fixture, { 'gemini-test': 1 });
    await fixture.root.must('POST', '/api/channel/', { name: 'gemini', type: 24, key: 'AIza-upstream', base_url: google.url, models: 'gemini-test', group: 'default' });
    ({ user: kim, key } = await userWithKey(fixture, 'kim', 100_000));
    ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: fixture.tollgate.url } });
  });

  afterAll(async () => {
    await fixture?.close();
    await google?.close();
  });

  it('passes generateContent through with the channel key', async () => {
    const answer = await ai.models.generateContent({ model: 'gemini-test', contents: 'hi' });
    expect(answer.text).toBe('Native Gemini hello');
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: PROMPT, candidatesTokenCount: OUTPUT });
    expect(google.requests.at(-1)).toMatchObject({ path: '/v1beta/models/gemini-test:generateContent', apiKey: 'AIza-upstream' });
  });

  it('streams streamGenerateContent as SSE', async () => {
    let text = '';
    for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-test', contents: 'hi' })) text += chunk.text ?? '';
    expect(text).toBe('Native Gemini hello');
    expect(google.requests.at(-1)?.path).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse');
  });

  it('accepts the key as ?key= too, and refuses a bad one in Google’s error shape', async () => {
    const url = (k: string) => `${fixture.tollgate.url}/v1beta/models/gemini-test:generateContent?key=${k}`;
    const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    const good = await fetch(url(key), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(good.status).toBe(200);
    const bad = await fetch(url('nope'), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { code: 401, message: '无效的令牌', status: 'UNAUTHENTICATED' } });
  });

  it('bills each generation exactly', async () => {
    const self = await eventually(async () => {
      const view = await kim.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 3 ? view : undefined;
    }, 5000, 'three calls billed');
    expect(self.used_quota).toBe(3 * (PROMPT + OUTPUT));
  });

  it('embeds, billed by the counted prompt when Google reports no usage', async () => {
    const result = await ai.models.embedContent({ model: 'gemini-test', contents: 'embed these words' });
    expect(result.embeddings?.[0]?.values).toEqual([0.5, 0.25]);
    const self = await eventually(async () => {
      const view = await kim.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 4 ? view : undefined;
    }, 5000, 'the embedding billed');
    expect(self.used_quota).toBe(3 * (PROMPT + OUTPUT) + 3); // "embed these words" is 3 tokens
  });
});
