import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';

describe('settling a served call while hot state is away', () => {
  // Seen with a Redis Cluster primary killed under load (gateway/test/ops/redis-primary-failover):
  // the answer had gone out, the adjustment failed, and the call was never billed.
  it('still publishes its charge: the answer went out, so the call is billed', async () => {
    const h = await buildRelayHarness({ ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    h.deps.holds.adjust = () => Promise.reject(new Error('CLUSTERDOWN The cluster is down'));
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.statusCode).toBe(200);
    const events = await h.usageEvents();
    expect(events.map((event) => [event.data.userId, event.data.quota])).toEqual([[user.id, 12]]);
  });
});
