import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVertexMock, type VertexMock } from '../mock-upstream/anthropic-google/vertex-mock.js';
import { type ProviderHarness, startProviderChannel, streamChat } from '../support/gateways/provider-channel.js';

/** An OpenAI client on a Vertex AI channel (type 41): a service account's token, Gemini and Claude models, billed exactly. */
const PROMPT = 21;
const OUTPUT = 8;
const GEMINI = 'gemini-2.0-flash';
const CLAUDE = 'claude-3-5-sonnet-20240620';
const EMAIL = 'tollgate@test-project.iam.gserviceaccount.com';

describe('an OpenAI client on a Vertex AI channel', () => {
  let vertex: VertexMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    vertex = await startVertexMock({ clientEmail: EMAIL, publicKey, reply: 'Hello from Vertex', promptTokens: PROMPT, outputTokens: OUTPUT });
    const account = { type: 'service_account', project_id: 'test-project', private_key_id: 'kid-1', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), client_email: EMAIL, token_uri: vertex.tokenUri };
    harness = await startProviderChannel({ type: 41, key: JSON.stringify(account), baseUrl: vertex.url, model: GEMINI, alsoModels: [CLAUDE], other: 'europe-west4' });
  });

  afterAll(async () => {
    await harness?.close();
    await vertex?.close();
  });

  it('answers a Gemini model through generateContent with a token from the signed JWT, billed exactly', async () => {
    const completion = await harness.client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from Vertex' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({ prompt_tokens: PROMPT, completion_tokens: OUTPUT });
    expect(vertex.requests.at(-1)?.path).toBe(`/v1/projects/test-project/locations/europe-west4/publishers/google/models/${GEMINI}:generateContent`);
    await harness.charges.expectCharged(PROMPT + OUTPUT);
  });

  it('streams a Gemini model, reusing the cached token, billed exactly', async () => {
    const streamed = await streamChat(harness.client, GEMINI);
    expect(streamed).toMatchObject({ text: 'Hello from Vertex', finish: 'stop', usage: { prompt_tokens: PROMPT, completion_tokens: OUTPUT } });
    expect(vertex.tokensIssued).toBe(1);
    await harness.charges.expectCharged(PROMPT + OUTPUT);
  });

  it('answers and streams a Claude model through rawPredict and streamRawPredict, billed exactly', async () => {
    const completion = await harness.client.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Hello from Vertex');
    expect(vertex.requests.at(-1)?.path).toBe('/v1/projects/test-project/locations/europe-west4/publishers/anthropic/models/claude-3-5-sonnet@20240620:rawPredict');
    expect(vertex.requests.at(-1)?.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', messages: [{ role: 'user' }] });
    expect(vertex.requests.at(-1)?.body.model).toBeUndefined();
    await harness.charges.expectCharged(PROMPT + OUTPUT);
    const streamed = await streamChat(harness.client, CLAUDE);
    expect(streamed).toMatchObject({ text: 'Hello from Vertex', finish: 'stop', usage: { prompt_tokens: PROMPT, completion_tokens: OUTPUT } });
    expect(vertex.requests.at(-1)?.path).toContain(':streamRawPredict?alt=sse');
    await harness.charges.expectCharged(PROMPT + OUTPUT);
  });

  it('fails without charging when the service account key is not the one Google knows', async () => {
    const { privateKey: stranger } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = { project_id: 'test-project', private_key: stranger.export({ type: 'pkcs8', format: 'pem' }), client_email: EMAIL, token_uri: vertex.tokenUri };
    await harness.fixture.root.must('PUT', '/api/channel/', { id: harness.channelId, key: JSON.stringify(account) });
    const issued = vertex.tokensIssued;
    await expect(harness.client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
    expect(vertex.tokensIssued).toBe(issued);
    const self = await harness.user.must<{ used_quota: number }>('GET', '/api/user/self');
    expect(self.used_quota).toBe(4 * (PROMPT + OUTPUT));
  });
});
