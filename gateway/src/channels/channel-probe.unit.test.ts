import { describe, expect, it } from 'vitest';
import { probeCall } from './channel-probe.js';

describe('the call a channel test makes', () => {
  it('reranks a reranker, embeds an embedding model, and chats with anything else', () => {
    expect(probeCall('jina-reranker-v2-base-multilingual')).toEqual({ path: '/v1/rerank', body: { model: 'jina-reranker-v2-base-multilingual', query: 'hi', documents: ['hi'] } });
    expect(probeCall('text-embedding-3-small')).toEqual({ path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: 'hi' } });
    expect(probeCall('gpt-4o-mini').path).toBe('/v1/chat/completions');
  });
});
