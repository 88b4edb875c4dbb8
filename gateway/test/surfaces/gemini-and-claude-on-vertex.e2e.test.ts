import { generateKeyPairSync } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVertexMock, type VertexMock } from '../mock-upstream/anthropic-google/vertex-mock.js';
import { type ProviderHarness, startProviderChannel } from '../support/gateways/provider-channel.js';

/** Claude and Gemini clients (the official SDKs) on a Vertex AI channel (type 41): their own bodies to the publisher of their kind, its answer back untouched. */
const PROMPT = 19;
const OUTPUT = 6;
const GEMINI = 'gemini-2.0-flash';
const CLAUDE = 'claude-3-5-sonnet-20240620';
const EMAIL = 'tollgate@test-project.iam.gserviceaccount.com';
const PUBLISHERS = '/v1/projects/test-project/locations/us-central1/publishers';

describe('native clients on a Vertex AI channel', () => {
  let vertex: VertexMock;
  let harness: ProviderHarness;
  let claude: Anthropic;
  let google: GoogleGenAI;

  beforeAll(async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    vertex = await startVertexMock({ clientEmail: EMAIL, publicKey, reply: 'Hello from native Vertex', promptTokens: PROMPT, outputTokens: OUTPUT });
    const account = { type: 'service_account', project_id: 'test-project', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), client_email: EMAIL, token_uri: vertex.tokenUri };
    harness = await startProviderChannel({ type: 41, key: JSON.stringify(account), baseUrl: vertex.url, model: GEMINI, alsoModels: [CLAUDE] });
    claude = new Anthropic({ apiKey: harness.key, baseURL: harness.fixture.tollgate.url, maxRetries: 0 });
    google = new GoogleGenAI({ apiKey: harness.key, httpOptions: { baseUrl: harness.fixture.tollgate.url } });
  });

  afterAll(async () => {
    await harness?.close();
    await vertex?.close();
  });

  it('passes a Messages body to rawPredict with Vertex’s version and the beta header, and answers in Anthropic’s shape, billed exactly', async () => {
    // top_k and a block's cache_control would not survive a translation through OpenAI's shape.
    const system = [{ type: 'text' as const, text: 'Be brief.', cache_control: { type: 'ephemeral' as const } }];
    const request = { model: CLAUDE, max_tokens: 32, top_k: 3, system, messages: [{ role: 'user' as const, content: 'hi' }] };
    const message = await claude.messages.create(request, { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } });
    expect(message).toMatchObject({ type: 'message', content: [{ type: 'text', text: 'Hello from native Vertex' }], usage: { input_tokens: PROMPT, output_tokens: OUTPUT } });
    expect(vertex.requests.at(-1)).toEqual({
      path: `${PUBLISHERS}/anthropic/models/claude-3-5-sonnet@20240620:rawPredict`,
      body: { anthropic_version: 'vertex-2023-10-16', max_tokens: 32, top_k: 3, system, messages: [{ role: 'user', content: 'hi' }] },
      beta: 'prompt-caching-2024-07-31',
    });
    await harness.charges.expectCharged(PROMPT + OUTPUT);
  });

  it('streams streamRawPredict’s events through to a Claude client, billed exactly', async () => {
    const final = await claude.messages.stream({ model: CLAUDE, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from native Vertex' }]);
    expect(final.usage).toMatchObject({ input_tokens: PROMPT, output_tokens: OUTPUT });
    expect(vertex.requests.at(-1)?.path).toBe(`${PUBLISHERS}/anthropic/models/claude-3-5-sonnet@20240620:streamRawPredict?alt=sse`);
    expect(vertex.requests.at(-1)?.body).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16' });
    const row = await harness.charges.expectCharged(PROMPT + OUTPUT);
    expect(row).toMatchObject({ is_stream: true, prompt_tokens: PROMPT, completion_tokens: OUTPUT });
  });

  it('passes a generateContent body to the Gemini publisher untouched, billed exactly', async () => {
    const answer = await google.models.generateContent({ model: GEMINI, contents: 'hi', config: { topK: 4, maxOutputTokens: 40 } });
    expect(answer.text).toBe('Hello from native Vertex');
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: PROMPT, candidatesTokenCount: OUTPUT });
    expect(vertex.requests.at(-1)).toEqual({
      path: `${PUBLISHERS}/google/models/${GEMINI}:generateContent`,
      body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { topK: 4, maxOutputTokens: 40 } },
    });
    await harness.charges.expectCharged(PROMPT + OUTPUT);
  });

  it('streams streamGenerateContent through to a Gemini client, billed exactly', async () => {
    let text = '';
    for await (const chunk of await google.models.generateContentStream({ model: GEMINI, contents: 'hi' })) text += chunk.text ?? '';
    expect(text).toBe('Hello from native Vertex');
    expect(vertex.requests.at(-1)?.path).toBe(`${PUBLISHERS}/google/models/${GEMINI}:streamGenerateContent?alt=sse`);
    const row = await harness.charges.expectCharged(PROMPT + OUTPUT);
    expect(row).toMatchObject({ is_stream: true, prompt_tokens: PROMPT, completion_tokens: OUTPUT });
  });
});
