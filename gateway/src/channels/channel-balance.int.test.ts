import { describe, expect, it, onTestFinished } from 'vitest';
import type { Channel } from '../ports/documents/channel-store.js';
import { startProviderBalanceMock } from '../../test/mock-upstream/openai/provider-balance-mock.js';
import { fetchBalance } from './channel-balance.js';

const channel = (type: number, baseUrl: string, key = 'sk-balance') => ({ id: 1, type, key, baseUrl, openaiOrganization: '', other: '' }) as Channel;

describe('provider balances', () => {
  it('reads DeepSeek’s yuan balance, OpenRouter’s credits left and Moonshot’s available balance over HTTP', async () => {
    const mock = await startProviderBalanceMock('sk-balance');
    onTestFinished(() => mock.close());
    expect(await fetchBalance(channel(43, mock.url))).toBe(110.25);
    expect(await fetchBalance(channel(20, `${mock.url}/api`))).toBe(37.5);
    expect(await fetchBalance(channel(25, mock.url))).toBe(49.58);
  });

  it('fails when the provider refuses the key, and is null for a type without a balance API', async () => {
    const mock = await startProviderBalanceMock('sk-balance');
    onTestFinished(() => mock.close());
    await expect(fetchBalance(channel(43, mock.url, 'sk-wrong'))).rejects.toThrow('401');
    expect(fetchBalance(channel(14, mock.url))).toBeNull();
  });
});
