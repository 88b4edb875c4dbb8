import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicMock, startAnthropicMock } from '../mock-upstream/anthropic-google/anthropic-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** An OpenAI client served by an Anthropic Claude channel (type 14), billed exactly. Every ratio 1. */
const INPUT = 11;
const OUTPUT = 13;

describe('an OpenAI client on a Claude channel', () => {
  let fixture: EmbeddedFixture;
  let claude: AnthropicMock;
  let frank: ConsoleClient;
  let key: string;
  let client: OpenAI;
  let calls = 0;
  let channelId = 0;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    claude = await startAnthropicMock('sk-ant-secret', { inputTokens: INPUT, outputTokens: OUTPUT });
    await priceModels(fixture, { 'claude-test': 1 });
    [channelId] = await fixture.root.must<[number]>('POST', '/api/channel/', { name: 'claude', type: 14, key: 'sk-ant-secret', base_url: claude.url, models: 'claude-test', group: 'default' });
    ({ user: frank, key } = await userWithKey(fixture, 'frank', 100_000));
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await fixture?.close();
    await claude?.close();
  });

  it('answers a plain chat, sending Claude its own headers and a system prompt', async () => {
    const completion = await client.chat.completions.create({ model: 'claude-test', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
    calls += 1;
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from Claude' }, finish_reason: 'stop' });
    expect(completion.usage).toMatchObject({ prompt_tokens: INPUT, completion_tokens: OUTPUT });
    const sent = claude.requests.at(-1);
    expect(sent?.headers['x-api-key']).toBe('sk-ant-secret');
    expect(sent?.body).toMatchObject({ model: 'claude-test', system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user' }] });
  });

  it('streams, chunk by chunk, with usage when asked', async () => {
    const stream = await client.chat.completions.create({ model: 'claude-test', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    calls += 1;
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('Hello from Claude');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: INPUT, completion_tokens: OUTPUT });
  });

  it('returns a tool call as OpenAI tool_calls, plain and streamed', async () => {
    claude.configure({ toolCall: { name: 'weather', input: { city: 'Paris' } } });
    const tools = [{ type: 'function' as const, function: { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const plain = await client.chat.completions.create({ model: 'claude-test', tools, messages: [{ role: 'user', content: 'Weather?' }] });
    calls += 1;
    expect(plain.choices[0]?.finish_reason).toBe('tool_calls');
    expect(plain.choices[0]?.message.tool_calls?.[0]).toMatchObject({ id: 'toolu_mock', function: { name: 'weather', arguments: '{"city":"Paris"}' } });
    const stream = client.chat.completions.stream({ model: 'claude-test', tools, messages: [{ role: 'user', content: 'Weather?' }] });
    const final = await stream.finalChatCompletion();
    calls += 1;
    expect(final.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'weather', arguments: '{"city":"Paris"}' } });
    expect(claude.requests.at(-1)?.body.tools).toEqual([{ name: 'weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }]);
  });

  it('bills every call exactly: input + output tokens', async () => {
    const self = await eventually(async () => {
      const view = await frank.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === calls ? view : undefined;
    }, 5000, 'all calls billed');
    expect(self.used_quota).toBe(calls * (INPUT + OUTPUT));
  });

  it('passes the channel test through the Messages API with the channel key, free of charge', async () => {
    expect(await fixture.root.call('GET', `/api/channel/test/${channelId}`)).toMatchObject({ success: true, model: 'claude-test' });
    expect(claude.requests.at(-1)?.headers['x-api-key']).toBe('sk-ant-secret');
    expect((await frank.must<{ used_quota: number }>('GET', '/api/user/self')).used_quota).toBe(calls * (INPUT + OUTPUT));
  });

  it('fails the channel test with Anthropic’s message when the key is one Anthropic refuses', async () => {
    await fixture.root.must('PUT', '/api/channel/', { id: channelId, key: 'sk-ant-revoked' });
    expect(await fixture.root.call('GET', `/api/channel/test/${channelId}`)).toMatchObject({ success: false, message: 'invalid x-api-key' });
  });
});
