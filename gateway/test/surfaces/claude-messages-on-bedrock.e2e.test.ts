import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BedrockMock, startBedrockMock } from '../mock-upstream/anthropic-google/aws-bedrock-mock.js';
import { type ProviderHarness, startProviderChannel } from '../support/gateways/provider-channel.js';

/** A Claude client (the official SDK) on an AWS Claude channel (type 33): its own body to Bedrock, Bedrock's answer back untouched. */
const INPUT = 23;
const OUTPUT = 7;
const MODEL = 'claude-3-5-haiku-20241022';
const ACCOUNT = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

/** Fields an OpenAI translation would lose (top_k, cache_control on a block): seen upstream only if the body passed through. */
const REQUEST = {
  model: MODEL,
  max_tokens: 64,
  top_k: 5,
  system: [{ type: 'text' as const, text: 'Be brief.', cache_control: { type: 'ephemeral' as const } }],
  messages: [{ role: 'user' as const, content: 'hi' }],
  metadata: { user_id: 'user-7' },
};

describe('a Claude client on an AWS Claude channel', () => {
  let bedrock: BedrockMock;
  let harness: ProviderHarness;
  let claude: Anthropic;

  beforeAll(async () => {
    bedrock = await startBedrockMock(ACCOUNT, { inputTokens: INPUT, outputTokens: OUTPUT, reply: 'Hello from native Bedrock' });
    harness = await startProviderChannel({ type: 33, key: `${ACCOUNT.accessKeyId}|${ACCOUNT.secretAccessKey}|${ACCOUNT.region}`, baseUrl: bedrock.url, model: MODEL });
    claude = new Anthropic({ apiKey: harness.key, baseURL: harness.fixture.tollgate.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await harness?.close();
    await bedrock?.close();
  });

  it('passes the Messages body to InvokeModel as Bedrock takes it, and answers in Anthropic’s shape, billed exactly', async () => {
    const message = await claude.messages.create(REQUEST, { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31, token-efficient-tools-2025-02-19' } });
    expect(message).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hello from native Bedrock' }], usage: { input_tokens: INPUT, output_tokens: OUTPUT } });
    const sent = bedrock.requests.at(-1);
    expect(sent?.path).toBe('/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke');
    // The model is in the URL; metadata is a key Bedrock refuses; the beta header's flags become anthropic_beta.
    expect(sent?.body).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['prompt-caching-2024-07-31', 'token-efficient-tools-2025-02-19'],
      max_tokens: 64,
      top_k: 5,
      system: REQUEST.system,
      messages: REQUEST.messages,
    });
    expect(bedrock.refused).toBe(0);
    await harness.charges.expectCharged(INPUT + OUTPUT);
  });

  it('streams Bedrock’s event-stream frames to the client as Claude’s named events, billed exactly', async () => {
    const events: string[] = [];
    const stream = claude.messages.stream({ ...REQUEST, stream: true });
    stream.on('streamEvent', (event) => events.push(event.type));
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Hello from native Bedrock' }]);
    expect(final.usage).toMatchObject({ input_tokens: INPUT, output_tokens: OUTPUT });
    // One delta a word; the SDK drops the ping it reads by its name.
    expect(events).toEqual(['message_start', 'content_block_start', ...Array(4).fill('content_block_delta'), 'content_block_stop', 'message_delta', 'message_stop']);
    expect(bedrock.requests.at(-1)?.path).toBe('/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream');
    expect(bedrock.requests.at(-1)?.body).not.toHaveProperty('stream');
    const row = await harness.charges.expectCharged(INPUT + OUTPUT);
    expect(row).toMatchObject({ is_stream: true, prompt_tokens: INPUT, completion_tokens: OUTPUT });
  });

  it('relays Bedrock’s refusal of a wrong signature in Anthropic’s error shape, and charges nothing', async () => {
    await harness.fixture.root.must('PUT', '/api/channel/', { id: harness.channelId, key: `${ACCOUNT.accessKeyId}|not-the-secret|${ACCOUNT.region}` });
    await expect(claude.messages.create(REQUEST)).rejects.toMatchObject({
      status: 403,
      error: { type: 'error', error: { type: 'api_error', message: 'The request signature we calculated does not match the signature you provided.' } },
    });
    const self = await harness.user.must<{ used_quota: number }>('GET', '/api/user/self');
    expect(self.used_quota).toBe(2 * (INPUT + OUTPUT));
  });
});
