import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudflareMock, startCloudflareMock } from '../mock-upstream/openai/cloudflare-mock.js';
import { type ProviderHarness, startProviderChannel } from '../support/gateways/provider-channel.js';

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

  it('embeds, billed by the reported tokens', async () => {
    const answer = await harness.client.embeddings.create({ model: EMBED, input: 'hello', encoding_format: 'float' });
    expect(answer.data[0]?.embedding).toEqual([0.5, 0.5]);
    await harness.charges.expectCharged(PROMPT);
  });
});
