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

  /** The usage the gateway counts (the library reports none): what the client is told, and billed. */
  const counted = { prompt_tokens: countTokens(QUESTION), completion_tokens: countTokens(SHOWN), total_tokens: countTokens(QUESTION) + countTokens(SHOWN) };

  it('asks the library and returns the answer with its sources, billed by counted tokens, and tells the client that usage', async () => {
    const completion = await harness.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: QUESTION }] });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: SHOWN }, finish_reason: 'stop' });
    expect(completion.usage).toEqual(counted);
    expect(aiproxy.requests.at(-1)).toMatchObject({ path: '/api/library/ask', body: { model: MODEL, query: QUESTION, libraryId: LIBRARY, stream: false } });
    const row = await harness.charges.expectCharged(counted.total_tokens);
    expect(row).toMatchObject({ prompt_tokens: completion.usage?.prompt_tokens, completion_tokens: completion.usage?.completion_tokens });
  });

  it('streams the answer and then its sources, billed by counted tokens, told in the last chunk (include_usage)', async () => {
    const streamed = await streamChat(harness.client, MODEL, QUESTION);
    expect(streamed).toMatchObject({ text: SHOWN, finish: 'stop', usage: counted });
    await harness.charges.expectCharged(counted.total_tokens);
  });

  it('sends no usage chunk to a streaming client that did not ask for one, and still bills the count', async () => {
    const stream = await harness.client.chat.completions.create({ model: MODEL, stream: true, messages: [{ role: 'user', content: QUESTION }] });
    const chunks: { usage?: unknown; choices: unknown[] }[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.filter((chunk) => chunk.usage || chunk.choices.length === 0)).toEqual([]);
    await harness.charges.expectCharged(counted.total_tokens);
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
