import { describe, expect, it } from 'vitest';
import type { Channel } from '../ports/documents/channel-store.js';
import { providerFor } from './index.js';

const channel = (type: number, baseUrl = '') => ({ type, key: 'sk-upstream', baseUrl, openaiOrganization: '' }) as Channel;

describe('OpenAI-compatible channel types', () => {
  it('call their own default address when the channel sets none', async () => {
    const targets = [25, 40, 42, 43, 4, 31].map((type) => providerFor(type).openAITarget?.(channel(type), '/v1/chat/completions', 'm')?.origin);
    expect(targets).toEqual(['https://api.moonshot.cn', 'https://api.siliconflow.cn', 'https://api.mistral.ai', 'https://api.deepseek.com', 'http://localhost:11434', 'https://api.lingyiwanwu.com']);
    const request = await providerFor(25).request(channel(25), '/v1/chat/completions', { model: 'moonshot-v1-8k' });
    expect(request.headers.authorization).toBe('Bearer sk-upstream');
  });

  it("use the channel's base URL when it has one, path prefix kept", () => {
    expect(providerFor(42).openAITarget?.(channel(42, 'https://eu.example/mistral/'), '/v1/embeddings', 'm')).toMatchObject({ origin: 'https://eu.example', path: '/mistral/v1/embeddings' });
  });

  it('fall back to OpenAI for a custom or unlisted type', () => {
    expect(providerFor(8).openAITarget?.(channel(8), '/v1/chat/completions', 'm')?.origin).toBe('https://api.openai.com');
  });
});
