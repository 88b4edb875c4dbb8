import { describe, expect, it } from 'vitest';
import type { Channel } from '../../ports/documents/channel-store.js';
import { azure } from './index.js';

const channel = (fields: Partial<Channel>) => ({ key: 'azure-key', baseUrl: 'https://example.openai.azure.com', other: '', ...fields }) as Channel;

describe('Azure OpenAI requests', () => {
  it('call the deployment (dots removed) with api-key and the default api-version', async () => {
    const request = await azure.request(channel({}), '/v1/chat/completions', { model: 'gpt-3.5-turbo', messages: [] });
    expect(request.origin).toBe('https://example.openai.azure.com');
    expect(request.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions?api-version=2023-06-01-preview');
    expect(request.headers['api-key']).toBe('azure-key');
    expect(request.headers.authorization).toBeUndefined();
  });

  it("use the channel's api-version from `other`, for embeddings too", async () => {
    const request = await azure.request(channel({ other: '2024-10-21' }), '/v1/embeddings', { model: 'text-embedding-3-small', input: 'x' });
    expect(request.path).toBe('/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-10-21');
  });

  it('send a response to /openai/responses with the deployment as the model, not under a deployment', async () => {
    const request = await azure.request(channel({ other: '2025-03-01-preview' }), '/v1/responses', { model: 'gpt-4.1', input: 'hi' });
    expect(request.path).toBe('/openai/responses?api-version=2025-03-01-preview');
    expect(JSON.parse(String(request.body)).model).toBe('gpt-41');
  });

  it('send a compaction to /openai/responses/compact, outside any deployment as a response is', async () => {
    const request = await azure.request(channel({ other: '2025-04-01-preview' }), '/v1/responses/compact', { model: 'gpt-5.1', input: 'hi' });
    expect(request.path).toBe('/openai/responses/compact?api-version=2025-04-01-preview');
    expect(JSON.parse(String(request.body)).model).toBe('gpt-51');
  });

  it('target a deployment for a form upload (transcriptions), the key and no body', async () => {
    expect(azure.openAITarget?.(channel({}), '/v1/audio/transcriptions', 'whisper-1')).toEqual({
      origin: 'https://example.openai.azure.com',
      path: '/openai/deployments/whisper-1/audio/transcriptions?api-version=2023-06-01-preview',
      headers: { 'api-key': 'azure-key' },
    });
  });
});
