import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';

const pricing = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }), RetryTimes: '0' };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }], temperature: 1 };

describe("a channel's overrides on the upstream request", () => {
  it('merges param_override into the body the upstream receives, over the client\'s own fields', async () => {
    const h = await buildRelayHarness(pricing);
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    await h.addChannel({ models: 'test-model', paramOverride: '{"temperature":0.2,"top_p":0.9,"metadata":{"team":"a"}}' });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(200);
    expect(h.upstream.requests[0]?.body).toMatchObject({ model: 'test-model', temperature: 0.2, top_p: 0.9, metadata: { team: 'a' }, messages: chat.messages });
  });

  it('sets header_override headers, {api_key} standing for the key this call used', async () => {
    const h = await buildRelayHarness(pricing);
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    const channelInfo = JSON.stringify({ is_multi_key: true, multi_key_size: 2, multi_key_status_list: {}, multi_key_polling_index: 0, multi_key_mode: 'polling' });
    await h.addChannel({ models: 'test-model', key: 'sk-first\nsk-second', channelInfo, headerOverride: '{"X-Upstream-Key":"key={api_key}","Authorization":"Token {api_key}","X-Ignored":5}' });
    await h.post('/v1/chat/completions', bearer, chat);
    await h.post('/v1/chat/completions', bearer, chat);
    const sent = h.upstream.requests.map((r) => [r.headers['x-upstream-key'], r.authorization, r.headers['x-ignored']]);
    expect(sent).toEqual([['key=sk-first', 'Token sk-first', undefined], ['key=sk-second', 'Token sk-second', undefined]]);
  });
});
