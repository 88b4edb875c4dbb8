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

  it("applies new-api's operations to the body the upstream receives, and never sends the list itself", async () => {
    const h = await buildRelayHarness(pricing);
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    const operations = [
      { mode: 'set', path: 'metadata.via', value: 'tollgate' },
      { mode: 'prepend', path: 'messages', value: { role: 'system', content: 'be brief' } },
      { mode: 'move', from: 'temperature', to: 'metadata.temperature' },
      { mode: 'to_upper', path: 'messages.-1.content' },
      { mode: 'set', path: 'skipped', value: true, conditions: [{ path: 'model', mode: 'prefix', value: 'claude' }] },
    ];
    await h.addChannel({ models: 'test-model', paramOverride: JSON.stringify({ top_p: 0.5, operations }) });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(200);
    const sent = h.upstream.requests[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ model: 'test-model', top_p: 0.5, metadata: { via: 'tollgate', temperature: 1 }, messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'HI' }] });
    expect(Object.keys(sent)).not.toEqual(expect.arrayContaining(['operations']));
    expect(sent).not.toHaveProperty('temperature');
    expect(sent).not.toHaveProperty('skipped');
  });

  it("answers a return_error operation with the admin's error and sends nothing upstream", async () => {
    const h = await buildRelayHarness(pricing);
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    const operations = [{ mode: 'return_error', value: { message: 'temperature 1 is not served here', status_code: 422, code: 'hot' }, conditions: [{ path: 'temperature', mode: 'gte', value: 1 }] }];
    await h.addChannel({ models: 'test-model', paramOverride: JSON.stringify({ operations }) });
    const refused = await h.post('/v1/chat/completions', bearer, chat);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { message: 'temperature 1 is not served here', code: 'hot' } });
    expect(h.upstream.requests).toHaveLength(0);
    expect(await h.usageEvents()).toHaveLength(0);
    expect((await h.deps.balances.users([user.id]))[0]?.quota).toBe(1_000_000);
    expect((await h.post('/v1/chat/completions', bearer, { ...chat, temperature: 0.5 })).statusCode).toBe(200);
  });

  it('fails the call with the operation that broke, instead of sending a body the admin did not mean', async () => {
    const h = await buildRelayHarness(pricing);
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    await h.addChannel({ models: 'test-model', paramOverride: JSON.stringify({ operations: [{ mode: 'copy', from: 'max_tokens', to: 'max_completion_tokens' }] }) });
    const failed = await h.post('/v1/chat/completions', bearer, chat);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ error: { message: 'source path does not exist: max_tokens', code: 'channel:param_override_invalid' } });
    expect(h.upstream.requests).toHaveLength(0);
    expect((await h.post('/v1/chat/completions', bearer, { ...chat, max_tokens: 9 })).statusCode).toBe(200);
    expect(h.upstream.requests[0]?.body).toMatchObject({ max_tokens: 9, max_completion_tokens: 9 });
  });
});
