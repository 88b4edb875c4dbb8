import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CohereMock, startCohereMock } from '../mock-upstream/knowledge/cohere-mock.js';
import { type ProviderHarness, startProviderChannel } from '../support/gateways/provider-channel.js';

/** An OpenAI client on a Cohere channel (type 34): v1 chat, embed and rerank, billed exactly. */
const INPUT = 14;
const OUTPUT = 6;
const CHAT = 'command-r';
const RERANK = 'rerank-english-v3.0';
const EMBED = 'embed-english-v3.0';

describe('an OpenAI client on a Cohere channel', () => {
  let cohere: CohereMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    cohere = await startCohereMock({ key: 'co-secret', reply: 'Hello from Cohere', inputTokens: INPUT, outputTokens: OUTPUT });
    harness = await startProviderChannel({ type: 34, key: 'co-secret', baseUrl: cohere.url, model: CHAT, alsoModels: [RERANK, EMBED] });
  });

  afterAll(async () => {
    await harness?.close();
    await cohere?.close();
  });

  it('answers a plain chat: preamble, history and message as Cohere takes them, billed by billed_units', async () => {
    const completion = await harness.client.chat.completions.create({
      model: CHAT,
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }, { role: 'user', content: 'how are you?' }],
    });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from Cohere' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({ prompt_tokens: INPUT, completion_tokens: OUTPUT });
    expect(cohere.requests.at(-1)).toMatchObject({ path: '/v1/chat', body: { model: CHAT, preamble: 'Be brief.', message: 'how are you?', chat_history: [{ role: 'USER', message: 'hi' }, { role: 'CHATBOT', message: 'hello' }] } });
    await harness.charges.expectCharged(INPUT + OUTPUT);
  });

  it('reranks through /v1/rerank, its answer relayed as is and billed by the counted input', async () => {
    const body = { model: RERANK, query: 'capital of France', documents: ['Paris is the capital', 'Berlin'], top_n: 1 };
    const answer = await harness.client.post<{ results: { index: number; relevance_score: number }[] }>('/rerank', { body });
    expect(answer.results).toEqual([{ index: 0, relevance_score: 1, document: { text: 'Paris is the capital' } }]);
    expect(cohere.requests.at(-1)).toMatchObject({ path: '/v1/rerank', body: { model: RERANK, query: 'capital of France', top_n: 1 } });
    await harness.charges.expectCharged(countTokens('capital of France\nParis is the capital\nBerlin'));
  });

  it('embeds through /v1/embed: its vectors in OpenAI’s shape, in order, billed by billed_units', async () => {
    const answer = await harness.client.embeddings.create({ model: EMBED, input: ['first text', 'second text'] });
    expect(answer).toMatchObject({ object: 'list', model: EMBED, usage: { prompt_tokens: INPUT, total_tokens: INPUT } });
    expect(answer.data.map((item) => [item.index, [...item.embedding]])).toEqual([[0, [0.5, -0.25, 0]], [1, [0.5, -0.25, 1]]]);
    expect(cohere.requests.at(-1)).toEqual({ path: '/v1/embed', body: { model: EMBED, texts: ['first text', 'second text'], input_type: 'search_document' } });
    await harness.charges.expectCharged(INPUT);
  });

  it('passes the channel test of an embedding model', async () => {
    expect(await harness.fixture.root.call('GET', `/api/channel/test/${harness.channelId}?model=${EMBED}`)).toMatchObject({ success: true, model: EMBED });
  });
});
