import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BedrockMock, startBedrockMock } from '../mock-upstream/anthropic-google/aws-bedrock-mock.js';
import { type ProviderHarness, startProviderChannel, streamChat } from '../support/gateways/provider-channel.js';

/** An OpenAI client on an AWS Claude channel (type 33): Bedrock, SigV4-signed, billed exactly. */
const INPUT = 17;
const OUTPUT = 9;
const MODEL = 'claude-3-5-haiku-20241022';
const ACCOUNT = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-west-2' };

describe('an OpenAI client on an AWS Claude channel', () => {
  let bedrock: BedrockMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    bedrock = await startBedrockMock(ACCOUNT, { inputTokens: INPUT, outputTokens: OUTPUT, reply: 'Hello from Bedrock' });
    harness = await startProviderChannel({ type: 33, key: `${ACCOUNT.accessKeyId}|${ACCOUNT.secretAccessKey}|${ACCOUNT.region}`, baseUrl: bedrock.url, model: MODEL });
  });

  afterAll(async () => {
    await harness?.close();
    await bedrock?.close();
  });

  it('answers a plain chat through InvokeModel with a signature Bedrock accepts, billed exactly', async () => {
    const completion = await harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from Bedrock' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({ prompt_tokens: INPUT, completion_tokens: OUTPUT });
    const sent = bedrock.requests.at(-1);
    expect(sent?.path).toBe('/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke');
    expect(sent?.body).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user' }] });
    expect(bedrock.refused).toBe(0);
    await harness.charges.expectCharged(INPUT + OUTPUT);
  });

  it('streams from event-stream frames, chunk by chunk, billed exactly', async () => {
    const streamed = await streamChat(harness.client, MODEL);
    expect(streamed).toMatchObject({ text: 'Hello from Bedrock', finish: 'stop', usage: { prompt_tokens: INPUT, completion_tokens: OUTPUT } });
    expect(streamed.chunks).toBeGreaterThan(3);
    expect(bedrock.requests.at(-1)?.path).toBe('/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream');
    const row = await harness.charges.expectCharged(INPUT + OUTPUT);
    expect(row).toMatchObject({ is_stream: true, prompt_tokens: INPUT, completion_tokens: OUTPUT });
  });

  it('is refused by Bedrock when signed with a wrong secret, and charges nothing', async () => {
    await harness.fixture.root.must('PUT', '/api/channel/', { id: harness.channelId, key: `${ACCOUNT.accessKeyId}|not-the-secret|${ACCOUNT.region}` });
    const refusedBefore = bedrock.refused;
    await expect(harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 403 });
    expect(bedrock.refused).toBe(refusedBefore + 1);
    const self = await harness.user.must<{ used_quota: number }>('GET', '/api/user/self');
    expect(self.used_quota).toBe(2 * (INPUT + OUTPUT));
  });
});
