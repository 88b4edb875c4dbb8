import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

const chat = (stream: boolean) => ({ model: 'cache-model', stream, messages: [{ role: 'user', content: 'Long shared prefix' }] });

describe('cached prompt tokens', () => {
  it('are billed at CacheRatio, plain and streamed, and shown in the row’s other JSON', async () => {
    const pricing = { ModelRatio: '{"cache-model":1}', CompletionRatio: '{"cache-model":2}', CacheRatio: '{"cache-model":0.25}', PreConsumedQuota: '0' };
    const h = await buildRelayHarness(pricing, { promptTokens: 1000, completionTokens: 10, cachedTokens: 800 });
    const user = await h.addUser({ quota: 100_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'cache-model' });
    expect((await h.post('/v1/chat/completions', bearer, chat(false))).statusCode).toBe(200);
    expect((await h.post('/v1/chat/completions', bearer, chat(true))).statusCode).toBe(200);
    const events = await h.usageEvents();
    // (200 plain + 800 cached x 0.25 + 10 x 2) x 1
    expect(events.map((e) => e.data.quota)).toEqual([420, 420]);
    expect(events[0]?.data.other).toMatchObject({ cache_tokens: 800, cache_ratio: 0.25 });
    expect(events[1]?.data).toMatchObject({ promptTokens: 1000, completionTokens: 10, isStream: true });
  });
});
