import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }), SensitiveWords: 'forbidden plan\n禁词' };

describe('sensitive words in prompts', () => {
  it('refuses a chat that contains a listed word with 400, before any upstream call, holding and billing nothing', async () => {
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

  it('checks the native Claude surface too, answering in its error shape', async () => {
    const h = await buildRelayHarness(PRICING);
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    const response = await h.post('/v1/messages', undefined, { model: 'test-model', max_tokens: 10, system: '这里有禁词', messages: [{ role: 'user', content: 'hi' }] }, { 'x-api-key': bearer.slice('Bearer '.length), 'anthropic-version': '2023-06-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'sensitive words detected' } });
  });

  it('lets the prompt through when CheckSensitiveOnPromptEnabled is off', async () => {
    const h = await buildRelayHarness({ ...PRICING, CheckSensitiveOnPromptEnabled: 'false' });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', messages: [{ role: 'user', content: 'the forbidden plan' }] });
    expect(response.statusCode).toBe(200);
  });
});
