import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudflareMock, startCloudflareMock } from './mock-upstream/cloudflare-mock.js';
import { type ProviderHarness, startProviderChannel, streamChat, testChannel } from './support/provider-channel.js';

/** An OpenAI client on a Cloudflare Workers AI channel (type 39): the account id from other, billed exactly. */
const PROMPT = 12;
const COMPLETION = 5;
const CHAT = '@cf/meta/llama-3.1-8b-instruct';
const EMBED = '@cf/baai/bge-base-en-v1.5';
const ACCOUNT = '0123456789abcdef0123456789abcdef';

describe('an OpenAI client on a Cloudflare Workers AI channel', () => {
  let cf: CloudflareMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    cf = await startCloudflareMock({ accountId: ACCOUNT, token: 'cf-token', reply: 'Hello from Workers AI', promptTokens: PROMPT, completionTokens: COMPLETION });
    harness = await startProviderChannel({ type: 39, key: 'cf-token', baseUrl: cf.url, model: CHAT, alsoModels: [EMBED], other: ACCOUNT });
  });

  afterAll(async () => {
    await harness?.close();
    await cf?.close();
  });

  it('answers a plain chat under the account path, billed exactly', async () => {
    const completion = await harness.client.chat.completions.create({ model: CHAT, messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Hello from Workers AI');
    expect(cf.requests.at(-1)?.path).toBe(`/client/v4/accounts/${ACCOUNT}/ai/v1/chat/completions`);
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });

  it('streams, billed exactly', async () => {
    const streamed = await streamChat(harness.client, CHAT);
    expect(streamed).toMatchObject({ text: 'Hello from Workers AI', finish: 'stop', usage: { prompt_tokens: PROMPT, completion_tokens: COMPLETION } });
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });

  it('embeds, billed by the reported tokens', async () => {
    const answer = await harness.client.embeddings.create({ model: EMBED, input: 'hello', encoding_format: 'float' });
    expect(answer.data[0]?.embedding).toEqual([0.5, 0.5]);
    await harness.charges.expectCharged(PROMPT);
  });

  it('passes the channel test', async () => {
    expect(await testChannel(harness)).toMatchObject({ success: true, model: CHAT });
  });
});
