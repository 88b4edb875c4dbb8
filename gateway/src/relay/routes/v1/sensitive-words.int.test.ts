import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { startAnthropicMock } from '../../../../test/mock-upstream/anthropic-google/anthropic-mock.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }), SensitiveWords: 'forbidden plan\n禁词' };

describe('sensitive words in prompts', () => {
  it('SensitiveWords, CheckSensitiveOnPromptEnabled: refuses a chat that contains a listed word with 400, before any upstream call, holding and billing nothing', async () => {
    const h = await buildRelayHarness(PRICING);
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', messages: [{ role: 'user', content: [{ type: 'text', text: 'About the Forbidden Plan…' }] }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: 'sensitive words detected', type: 'new_api_error', param: '', code: 'sensitive_words_detected' } });
    expect(h.upstream.requests).toHaveLength(0);
    expect(await h.usageEvents()).toEqual([]);
    expect(await h.deps.holds.available(user.id)).toBe(1_000_000);
  });

  it('SensitiveWords: checks the native Claude surface too, answering in its error shape', async () => {
    const h = await buildRelayHarness(PRICING);
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    const response = await h.post('/v1/messages', undefined, { model: 'test-model', max_tokens: 10, system: '这里有禁词', messages: [{ role: 'user', content: 'hi' }] }, { 'x-api-key': bearer.slice('Bearer '.length), 'anthropic-version': '2023-06-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'sensitive words detected' } });
  });

  it('CheckSensitiveOnPromptEnabled: lets the prompt through when it is off', async () => {
    const h = await buildRelayHarness({ ...PRICING, CheckSensitiveOnPromptEnabled: 'false' });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', messages: [{ role: 'user', content: 'the forbidden plan' }] });
    expect(response.statusCode).toBe(200);
  });
});

describe('sensitive words in streamed answers (StopOnSensitiveEnabled)', () => {
  /** The content the client received, and whether the stream was closed with [DONE]. */
  function received(body: string): { text: string; done: boolean } {
    const data = body.split('\n\n').map((event) => event.replace(/^data: /, '')).filter(Boolean);
    const chunks = data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as { choices: { delta?: { content?: string } }[] });
    return { text: chunks.map((c) => c.choices[0]?.delta?.content ?? '').join(''), done: data.at(-1) === '[DONE]' };
  }

  async function streamReply(options: Record<string, string>) {
    const h = await buildRelayHarness({ ...PRICING, ...options }, { reply: 'one two secret plan four five', latencyMs: 20 });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', stream: true, messages: [{ role: 'user', content: 'talk' }] });
    return { response, h };
  }

  it('StopOnSensitiveEnabled: ends the stream before the chunk that completes a listed word, and bills what was sent', async () => {
    const { response, h } = await streamReply({ SensitiveWords: 'Secret Plan' });
    expect(response.statusCode).toBe(200);
    expect(received(response.body)).toEqual({ text: 'one two secret ', done: true });
    const [event] = await h.usageEvents();
    expect(event?.data.completionTokens).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.upstream.requests[0]?.aborted).toBe(true); // the rest of the answer was not waited for
  });

  it('StopOnSensitiveEnabled: ends a translated stream too (an OpenAI client on a Claude channel)', async () => {
    const claude = await startAnthropicMock('sk-channel-secret', { reply: 'one two secret plan four five' });
    const h = await buildRelayHarness({ ...PRICING, SensitiveWords: 'secret plan' });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ type: 14, baseUrl: claude.url, models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', stream: true, messages: [{ role: 'user', content: 'talk' }] });
    await claude.close();
    expect(response.statusCode).toBe(200);
    expect(received(response.body)).toMatchObject({ text: 'one two secret ' });
  });

  it('StopOnSensitiveEnabled: streams everything when it is off', async () => {
    const { response } = await streamReply({ SensitiveWords: 'secret plan', StopOnSensitiveEnabled: 'false' });
    expect(received(response.body)).toEqual({ text: 'one two secret plan four five', done: true });
  });

  it('CheckSensitiveEnabled: off, neither a listed word in the prompt nor one in the answer stops anything', async () => {
    const { response, h } = await streamReply({ SensitiveWords: 'secret plan\ntalk', CheckSensitiveEnabled: 'false' });
    expect(response.statusCode).toBe(200);
    expect(received(response.body)).toEqual({ text: 'one two secret plan four five', done: true });
    expect(await h.usageEvents()).toHaveLength(1);
  });
});
