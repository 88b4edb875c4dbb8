import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FastGptMock, startFastGptMock } from './mock-upstream/fastgpt-mock.js';
import { type ProviderHarness, startProviderChannel, streamChat, testChannel } from './support/provider-channel.js';

/** An OpenAI client on a FastGPT knowledge-base channel (type 22): key APIKey-AppId, billed exactly. */
const PROMPT = 40;
const COMPLETION = 12;
const MODEL = 'fastgpt-kb';
const API_KEY = 'fastgpt-k9Xy2mPq';
const APP_ID = '65f1c2a9e4b0a1d2c3e4f5a6';

describe('an OpenAI client on a FastGPT channel', () => {
  let fastgpt: FastGptMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    fastgpt = await startFastGptMock({ apiKey: API_KEY, appId: APP_ID, reply: 'Hello from FastGPT', promptTokens: PROMPT, completionTokens: COMPLETION });
    harness = await startProviderChannel({ type: 22, key: `${API_KEY}-${APP_ID}`, baseUrl: fastgpt.url, model: MODEL });
  });

  afterAll(async () => {
    await harness?.close();
    await fastgpt?.close();
  });

  it('answers a plain chat with the API key part as Bearer and the app id, billed exactly', async () => {
    const completion = await harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Hello from FastGPT');
    expect(fastgpt.requests.at(-1)).toMatchObject({ path: '/api/openapi/v1/chat/completions', body: { appId: APP_ID, model: MODEL } });
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });

  it('streams, billed exactly', async () => {
    const streamed = await streamChat(harness.client, MODEL);
    expect(streamed).toMatchObject({ text: 'Hello from FastGPT', finish: 'stop', usage: { prompt_tokens: PROMPT, completion_tokens: COMPLETION } });
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });

  it('passes the channel test', async () => {
    expect(await testChannel(harness)).toMatchObject({ success: true, model: MODEL });
  });
});
