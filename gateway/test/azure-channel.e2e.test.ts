import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from './support/embedded-fixture.js';

/** An Azure OpenAI channel (type 3): deployment URL, api-key header, api-version from `other`. */
describe('an OpenAI client on an Azure channel', () => {
  let fixture: EmbeddedFixture;
  let client: OpenAI;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'Hello from Azure' });
    await fixture.root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"gpt-4.1":1}' });
    await fixture.root.must('POST', '/api/channel/', { name: 'azure', type: 3, key: 'azure-secret', base_url: fixture.upstream.url, other: '2024-10-21', models: 'gpt-4.1', group: 'default' });
    const hana = await userWithQuota(fixture, 'hana', 100_000);
    await hana.must('POST', '/api/token/', { name: 'hana-key', remain_quota: 100_000, expired_time: -1 });
    const { items } = await hana.must<{ items: { key: string }[] }>('GET', '/api/token/?p=0&size=10');
    client = new OpenAI({ apiKey: `sk-${items[0]?.key}`, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
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
});
