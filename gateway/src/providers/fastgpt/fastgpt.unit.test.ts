import { describe, expect, it } from 'vitest';
import type { Channel } from '../../ports/documents/channel-store.js';
import { fastGpt, parseFastGptKey } from './index.js';

describe('FastGPT channel key', () => {
  it('splits APIKey-AppId at the last dash: the API key keeps its own dashes', () => {
    expect(parseFastGptKey('fastgpt-abc123-65f1c2a9e4b0')).toEqual({ apiKey: 'fastgpt-abc123', appId: '65f1c2a9e4b0' });
    expect(parseFastGptKey('plainkey')).toEqual({ apiKey: 'plainkey', appId: '' });
  });

  it('sends the API key part as Bearer to the openapi base, with the app id in the body', async () => {
    const request = await fastGpt.request({ key: 'fastgpt-k-app1', baseUrl: '', other: '' } as Channel, '/v1/chat/completions', { model: 'm' });
    expect(request).toMatchObject({ origin: 'https://fastgpt.run', path: '/api/openapi/v1/chat/completions', headers: { authorization: 'Bearer fastgpt-k' } });
    expect(JSON.parse(String(request.body))).toEqual({ model: 'm', appId: 'app1' });
  });
});
