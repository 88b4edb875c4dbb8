import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiProxyMock, startAiProxyMock } from '../mock-upstream/knowledge/aiproxy-mock.js';
import { type ProviderHarness, startProviderChannel, streamChat } from '../support/gateways/provider-channel.js';

/** An OpenAI client on an AI Proxy knowledge-base channel (type 21): no usage reported, so prompt and answer are counted. */
const MODEL = 'gpt-3.5-turbo';
const LIBRARY = 'lib-42';
const DOCUMENTS = [{ title: 'Guide', url: 'https://docs.example/guide' }];
const ANSWER = 'The answer is in the guide.';
const SHOWN = `${ANSWER}\n\n参考文档：\n1. [Guide](https://docs.example/guide)\n`;
const QUESTION = 'Where is the answer?';

describe('an OpenAI client on an AI Proxy knowledge-base channel', () => {
  let aiproxy: AiProxyMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    aiproxy = await startAiProxyMock({ key: 'aip-secret', libraryId: LIBRARY, answer: ANSWER, documents: DOCUMENTS });
    harness = await startProviderChannel({ type: 21, key: 'aip-secret', baseUrl: aiproxy.url, model: MODEL, other: LIBRARY });
  });

  afterAll(async () => {
    await harness?.close();
    await aiproxy?.close();
  });

  it('asks the library and returns the answer with its sources, billed by counted tokens', async () => {
    const completion = await harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: QUESTION }] });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: SHOWN }, finish_reason: 'stop' });
    expect(aiproxy.requests.at(-1)).toMatchObject({ path: '/api/library/ask', body: { model: MODEL, query: QUESTION, libraryId: LIBRARY, stream: false } });
    const row = await harness.charges.expectCharged(countTokens(QUESTION) + countTokens(SHOWN));
    expect(row).toMatchObject({ prompt_tokens: countTokens(QUESTION), completion_tokens: countTokens(SHOWN) });
  });

  it('streams the answer and then its sources, billed by counted tokens', async () => {
    const streamed = await streamChat(harness.client, MODEL, QUESTION);
    expect(streamed).toMatchObject({ text: SHOWN, finish: 'stop' });
    await harness.charges.expectCharged(countTokens(QUESTION) + countTokens(SHOWN));
  });

  it('relays the library’s refusal as an error and charges nothing for it', async () => {
    await harness.fixture.root.must('PUT', '/api/channel/', { id: harness.channelId, other: 'lib-unknown' });
    await expect(harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: QUESTION }] })).rejects.toMatchObject({ status: 502, error: { message: 'library not found' } });
    await harness.fixture.root.must('PUT', '/api/channel/', { id: harness.channelId, other: LIBRARY });
    // The tracker's totals are exact: had the refusal charged or counted anything, this call's expectation fails.
    await harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: QUESTION }] });
    await harness.charges.expectCharged(countTokens(QUESTION) + countTokens(SHOWN));
  });
});
