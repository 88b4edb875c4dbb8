import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] };

describe('a relay whose usage outbox is full (the log unreachable past USAGE_SPOOL_MAX_EVENTS)', () => {
  it('refuses a paid call with 503 in the OpenAI error shape before anything is forwarded, and serves again once there is room', async () => {
    const h = await buildRelayHarness(PRICING);
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    let full = true;
    const outbox = h.deps.usageOutbox;
    h.deps.usageOutbox = { append: (events) => outbox.append(events), start: () => outbox.start(), close: () => outbox.close(), isFull: () => full };

    const refused = await h.post('/v1/chat/completions', bearer, chat);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 503,
      body: { error: { message: expect.stringMatching(/^billing is unavailable/), type: 'new_api_error', param: '', code: 'billing_unavailable' } },
    });
    expect(h.upstream.requests).toHaveLength(0);
    expect(await h.usageEvents()).toEqual([]);

    full = false;
    const served = await h.post('/v1/chat/completions', bearer, chat);
    expect(served.statusCode).toBe(200);
    expect(await h.usageEvents()).toHaveLength(1);
  });
});
