import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DifyMock, startDifyMock } from '../mock-upstream/knowledge/dify-mock.js';
import { type ProviderHarness, startProviderChannel, streamChat } from '../support/gateways/provider-channel.js';

/** An OpenAI client on a Dify channel (type 37): an app's chat-messages, blocking and streaming, billed exactly. */
const PROMPT = 30;
const COMPLETION = 10;
const MODEL = 'dify-app';

describe('an OpenAI client on a Dify channel', () => {
  let difyMock: DifyMock & { configure(next: { agent?: boolean }): void };
  let harness: ProviderHarness;

  beforeAll(async () => {
    difyMock = await startDifyMock({ appKey: 'app-secret', reply: 'Hello from Dify', promptTokens: PROMPT, completionTokens: COMPLETION });
    harness = await startProviderChannel({ type: 37, key: 'app-secret', baseUrl: difyMock.url, model: MODEL });
  });

  afterAll(async () => {
    await harness?.close();
    await difyMock?.close();
  });

  it('answers in blocking mode, the conversation in the query, billed by metadata.usage', async () => {
    const completion = await harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], user: 'alice' });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from Dify' }, finish_reason: 'stop' });
    expect(difyMock.requests.at(-1)?.body).toEqual({ inputs: {}, query: 'SYSTEM: \nBe brief.\nUSER: \nhi\n', response_mode: 'blocking', user: 'alice', files: [] });
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });

  it('streams message events, billed exactly', async () => {
    const streamed = await streamChat(harness.client, MODEL);
    expect(streamed).toMatchObject({ text: 'Hello from Dify', finish: 'stop', usage: { prompt_tokens: PROMPT, completion_tokens: COMPLETION } });
    expect(difyMock.requests.at(-1)?.body).toMatchObject({ response_mode: 'streaming', user: 'tollgate' });
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });

  it('streams an agent app’s agent_message events, billed exactly', async () => {
    difyMock.configure({ agent: true });
    const streamed = await streamChat(harness.client, MODEL);
    expect(streamed).toMatchObject({ text: 'Hello from Dify', usage: { prompt_tokens: PROMPT, completion_tokens: COMPLETION } });
    await harness.charges.expectCharged(PROMPT + COMPLETION);
  });
});
