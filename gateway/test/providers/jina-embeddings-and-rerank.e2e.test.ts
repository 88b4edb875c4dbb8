import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JinaMock, startJinaMock } from '../mock-upstream/knowledge/jina-mock.js';
import { type ProviderHarness, startProviderChannel, testChannel } from '../support/gateways/provider-channel.js';

/** An OpenAI client on a Jina channel (type 38): embeddings and rerank, billed by the tokens Jina reports. */
const PER_TEXT = 7;
const EMBED = 'jina-embeddings-v3';
const RERANK = 'jina-reranker-v2-base-multilingual';

describe('an OpenAI client on a Jina channel', () => {
  let jinaMock: JinaMock;
  let harness: ProviderHarness;

  beforeAll(async () => {
    jinaMock = await startJinaMock({ key: 'jina-secret', tokensPerText: PER_TEXT });
    harness = await startProviderChannel({ type: 38, key: 'jina-secret', baseUrl: jinaMock.url, model: EMBED, alsoModels: [RERANK] });
  });

  afterAll(async () => {
    await harness?.close();
    await jinaMock?.close();
  });

  it('embeds through the OpenAI SDK, billed by the reported tokens', async () => {
    const answer = await harness.client.embeddings.create({ model: EMBED, input: ['first', 'second'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([[0.1, 0.2, 0.3], [0.1, 0.2, 0.3]]);
    expect(jinaMock.requests.at(-1)).toMatchObject({ path: '/v1/embeddings', body: { model: EMBED, input: ['first', 'second'] } });
    const row = await harness.charges.expectCharged(2 * PER_TEXT);
    expect(row.prompt_tokens).toBe(2 * PER_TEXT);
  });

  it('reranks, billed by the usage Jina reports', async () => {
    const answer = await harness.client.post<{ results: { index: number }[] }>('/rerank', { body: { model: RERANK, query: 'q', documents: ['a', 'b', 'c'], top_n: 2 } });
    expect(answer.results.map((r) => r.index)).toEqual([0, 1]);
    await harness.charges.expectCharged(4 * PER_TEXT);
  });

  it('passes the channel test with an embedding, and with a rerank for a reranker', async () => {
    expect(await testChannel(harness)).toMatchObject({ success: true, model: EMBED });
    expect(jinaMock.requests.at(-1)).toMatchObject({ path: '/v1/embeddings', body: { model: EMBED, input: 'hi' } });
    expect(await harness.fixture.root.call('GET', `/api/channel/test/${harness.channelId}?model=${RERANK}`)).toMatchObject({ success: true, model: RERANK });
    expect(jinaMock.requests.at(-1)).toMatchObject({ path: '/v1/rerank', body: { model: RERANK, query: 'hi', documents: ['hi'] } });
  });
});
