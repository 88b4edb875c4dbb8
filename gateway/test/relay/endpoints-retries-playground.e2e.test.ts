import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { type ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * The other OpenAI endpoints, retries across channels, the model lookup and the playground,
 * on the real embedded server. Every ratio is 1, so a call costs prompt + completion tokens.
 */
const PROMPT = 10;
const COMPLETION = 20;
const GRANT = 100_000;

interface SelfView { quota: number; used_quota: number; request_count: number }
interface LogView { token_name: string; quota: number; channel: number }

describe('relay endpoints, retries and the playground', () => {
  let fixture: EmbeddedFixture;
  let flaky: OpenAIMock;
  let erin: ConsoleClient;
  let client: OpenAI;
  let charged = 0;

  const self = () => erin.must<SelfView>('GET', '/api/user/self');
  const expectCharged = (amount: number) => {
    charged += amount;
    return eventually(async () => ((await self()).used_quota === charged ? true : undefined), 5000, `used quota ${charged}`);
  };

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'steady answer', promptTokens: PROMPT, completionTokens: COMPLETION });
    flaky = await startOpenAIMock({ failWith: 500 });
    const { root } = fixture;
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
    await root.must('POST', '/api/channel/', { name: 'flaky', type: 1, key: 'k1', base_url: flaky.url, models: 'mock-model', group: 'default', priority: 10 });
    await root.must('POST', '/api/channel/', { name: 'steady', type: 1, key: 'k2', base_url: fixture.upstream.url, models: 'mock-model', group: 'default', priority: 0 });
    erin = await userWithQuota(fixture, 'erin', GRANT);
    const { key } = await createTokenKey(erin, { name: 'erin-key', remain_quota: GRANT, expired_time: -1 });
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await fixture?.close();
    await flaky?.close();
  });

  it('without retries, forwards the failing channel’s error and charges nothing', async () => {
    await expect(client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 500 });
    expect((await self()).request_count).toBe(0);
  });

  it('with RetryTimes 1, a failing channel is retried on the next one and billed there', async () => {
    await fixture.root.must('PUT', '/api/option/', { key: 'RetryTimes', value: '1' });
    const before = flaky.requests.length;
    const consumeRows = () => erin.must<{ items: LogView[]; total: number }>('GET', '/api/log/self/?p=1&page_size=1&type=2');
    const rowsBefore = (await consumeRows()).total;
    const completion = await client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('steady answer');
    expect(flaky.requests.length).toBe(before + 1);
    await expectCharged(PROMPT + COMPLETION);
    // The balance and the log row come from two consumers of the event: the row may land later.
    const newest = await eventually(async () => {
      const { items, total } = await consumeRows();
      return total === rowsBefore + 1 ? items[0] : undefined;
    }, 5000, 'the retried call is logged');
    expect(newest.quota).toBe(PROMPT + COMPLETION);
  });

  it('LogConsumeEnabled: off, a call is billed exactly and leaves no consume row; back on, the next one is logged', async () => {
    const quietRows = async () => (await erin.must<{ total: number }>('GET', '/api/log/self/?p=1&page_size=10&type=2&token_name=erin-key')).total;
    const before = await quietRows();
    await fixture.root.must('PUT', '/api/option/', { key: 'LogConsumeEnabled', value: 'false' });
    try {
      await client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
      await expectCharged(PROMPT + COMPLETION);
      await new Promise((r) => setTimeout(r, 1_500)); // longer than a logged call takes to reach the log
      expect(await quietRows()).toBe(before);
    } finally {
      await fixture.root.must('PUT', '/api/option/', { key: 'LogConsumeEnabled', value: 'true' });
    }
    await client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
    await expectCharged(PROMPT + COMPLETION);
    await eventually(async () => ((await quietRows()) === before + 1 ? true : undefined), 5000, 'the call made with logging back on is logged');
  });

  it('serves /v1/completions, plain and streamed', async () => {
    const plain = await client.completions.create({ model: 'mock-model', prompt: 'Say something' });
    expect(plain.choices[0]?.text).toBe('steady answer');
    await expectCharged(PROMPT + COMPLETION);
    const stream = await client.completions.create({ model: 'mock-model', prompt: 'Say something', stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.text ?? '';
    expect(text).toBe('steady answer');
    await expectCharged(PROMPT + COMPLETION);
  });

  it('serves /v1/embeddings, billed by prompt tokens', async () => {
    const embedding = await client.embeddings.create({ model: 'mock-model', input: 'embed me', encoding_format: 'float' });
    expect(embedding.data[0]?.embedding).toEqual([0.25, -0.5, 0.125]);
    await expectCharged(PROMPT);
  });

  it('looks up a model the key may use, and 404s one it may not', async () => {
    expect((await client.models.retrieve('mock-model')).id).toBe('mock-model');
    await expect(client.models.retrieve('gpt-unknown')).rejects.toMatchObject({ status: 404 });
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['mock-model']);
  });

  it('relays the playground by session, billed to the user without a key', async () => {
    const response = await erin.send('POST', '/pg/chat/completions', { model: 'mock-model', group: 'default', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('steady');
    await expectCharged(PROMPT + COMPLETION);
    // The ledger applies the charge before analytics ingests the row: wait for the row itself.
    const newest = async () => (await erin.must<{ items: LogView[] }>('GET', '/api/log/self/?p=1&page_size=1&type=2')).items[0]?.token_name;
    await eventually(async () => ((await newest()) === 'playground' ? true : undefined), 5000, 'the playground row is logged');
  });

  it('refuses the playground without a session', async () => {
    const response = await fetch(`${fixture.tollgate.url}/pg/chat/completions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
  });
});
