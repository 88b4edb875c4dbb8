import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIAccountMock, startOpenAIAccountMock } from '../mock-upstream/openai/openai-account-mock.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/** The periodic channel test and balance update, switched on by their options on a running Tollgate. */
describe('periodic channel checks', () => {
  let fixture: EmbeddedFixture;
  let account: OpenAIAccountMock;

  const setOption = (key: string, value: string) => fixture.root.must('PUT', '/api/option/', { key, value });
  const channel = (id: number) => fixture.root.must<{ test_time: number; response_time: number; balance: number }>('GET', `/api/channel/${id}`);
  const probes = () => fixture.upstream.requests.filter((r) => r.path === '/v1/chat/completions').length;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    account = await startOpenAIAccountMock({ key: 'sk-account', models: ['gpt-4o'], hardLimitUsd: 50, totalUsageCents: 1250 });
    await priceModels(fixture, { 'mock-model': 1 });
  });

  afterAll(async () => {
    await account?.close();
    await fixture?.close();
  });

  it('tests every channel each ChannelTestFrequency minutes, and stops when it is set to 0', async () => {
    const [id] = await fixture.root.must<number[]>('POST', '/api/channel/', { name: 'tested', type: 1, key: 'k', base_url: fixture.upstream.url, models: 'mock-model', group: 'default' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(probes()).toBe(0); // off by default
    await setOption('ChannelTestFrequency', '0.02'); // every 1.2 s
    await eventually(async () => ((await channel(id as number)).test_time > 0 ? true : undefined), 5_000, 'the periodic test ran');
    await eventually(async () => (probes() >= 2 ? true : undefined), 5_000, 'it ran again a period later');
    await setOption('ChannelTestFrequency', '0');
    await new Promise((r) => setTimeout(r, 1_200)); // a run already under way may finish
    const settled = probes();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(probes()).toBe(settled);
  });

  it("updates every enabled channel's balance each ChannelUpdateFrequency minutes", async () => {
    const [id] = await fixture.root.must<number[]>('POST', '/api/channel/', { name: 'billed', type: 1, key: 'sk-account', base_url: account.url, models: 'gpt-4o', group: 'default' });
    expect((await channel(id as number)).balance).toBe(0);
    await setOption('ChannelUpdateFrequency', '0.02');
    await eventually(async () => ((await channel(id as number)).balance === 50 - 12.5 ? true : undefined), 5_000, 'the periodic balance update ran');
    await setOption('ChannelUpdateFrequency', '0');
  });
});
