import { describe, expect, it } from 'vitest';
import type { Channel } from '../../ports/documents/channel-store.js';
import { cloudflare } from './index.js';

const channel = (other: string, baseUrl = '') => ({ key: 'cf-token', baseUrl, other }) as Channel;

describe('Cloudflare Workers AI target', () => {
  it('puts OpenAI paths under the account, on api.cloudflare.com by default, with the token as Bearer', async () => {
    const request = await cloudflare.request(channel('acct1'), '/v1/chat/completions', { model: '@cf/x' });
    expect(request).toMatchObject({ origin: 'https://api.cloudflare.com', path: '/client/v4/accounts/acct1/ai/v1/chat/completions', headers: { authorization: 'Bearer cf-token' } });
  });

  it('refuses a channel without an account id', () => {
    expect(() => cloudflare.request(channel(' '), '/v1/chat/completions', {})).toThrow('Cloudflare channel needs its account id in other');
  });
});
