import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from './support/embedded-fixture.js';

/** An Azure OpenAI channel (type 3): deployment URL, api-key header, api-version from `other`. */
describe('an OpenAI client on an Azure channel', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;
  let channelId = 0;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'Hello from Azure' });
    await priceModels(fixture, { 'gpt-4.1': 1 });
    [channelId] = await fixture.root.must<[number]>('POST', '/api/channel/', { name: 'azure', type: 3, key: 'azure-secret', base_url: fixture.upstream.url, other: '2024-10-21', models: 'gpt-4.1', group: 'default' });
    const { key } = await userWithKey(fixture, 'hana', 100_000);
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => fixture?.close());

  it('calls the deployment with api-key and the channel api-version, answers as OpenAI', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Hello from Azure');
    const sent = fixture.upstream.requests.at(-1);
    expect(sent?.path).toBe('/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21');
    expect(sent?.headers['api-key']).toBe('azure-secret');
    expect(sent?.authorization).toBeUndefined();
  });

  it('passes the channel test through the deployment', async () => {
    expect(await fixture.root.call('GET', `/api/channel/test/${channelId}`)).toMatchObject({ success: true, model: 'gpt-4.1' });
    expect(fixture.upstream.requests.at(-1)?.path).toBe('/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21');
  });
});
