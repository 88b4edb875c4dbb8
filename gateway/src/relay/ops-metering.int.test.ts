import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../test/fakes/relay-harness.js';

const pricing = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] };

describe('the relay feeds the operations meter', () => {
  it('counts an answered call under its channel, model, user and token, with its tokens, spend and latency', async () => {
    const h = await buildRelayHarness(pricing);
    const user = await h.addUser({ quota: 1_000_000, username: 'dora' });
    const { token, bearer } = await h.addKey(user.id, { name: 'dora-key' });
    const channel = await h.addChannel({ models: 'test-model' });
    expect((await h.post('/v1/chat/completions', bearer, { ...chat, stream: true })).statusCode).toBe(200);
    const tally = h.ops.drain();
    expect(tally).toMatchObject({ calls: 1, errors: 0, tokens: 12, quota: 12 });
    expect(tally.channels[channel.id]).toMatchObject({ calls: 1, errors: {}, tokens: 12 });
    expect(Object.values(tally.channels[channel.id]?.firstToken ?? {})).toEqual([1]);
    expect(tally.users).toEqual({ [user.id]: { name: 'dora', quota: 12, calls: 1 } });
    expect(tally.apiTokens).toEqual({ [token.id]: { name: 'dora-key', quota: 12, calls: 1 } });
    expect(h.ops.callsInFlight()).toBe(0);
  });

  it("counts an upstream failure under the channel with the status the client got", async () => {
    const h = await buildRelayHarness({ ...pricing, RetryTimes: '0' }, { failWith: 429 });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    const channel = await h.addChannel({ models: 'test-model' });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(429);
    expect(h.ops.drain()).toMatchObject({ calls: 1, errors: 1, quota: 0, channels: { [channel.id]: { errors: { '429': 1 } } } });
  });

  it('counts an unreachable upstream under the channel it was sent to', async () => {
    const h = await buildRelayHarness({ ...pricing, RetryTimes: '0' });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    const channel = await h.addChannel({ models: 'test-model', baseUrl: 'http://127.0.0.1:1' });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(502);
    expect(h.ops.drain()).toMatchObject({ calls: 1, errors: 1, channels: { [channel.id]: { errors: { '502': 1 } } } });
  });

  it('counts a call refused before any channel under channel 0', async () => {
    const h = await buildRelayHarness(pricing);
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(503);
    expect(h.ops.drain()).toMatchObject({ calls: 1, errors: 1, channels: { '0': { errors: { '503': 1 } } }, models: { 'test-model': { calls: 1 } } });
    expect(h.ops.callsInFlight()).toBe(0);
  });
});
