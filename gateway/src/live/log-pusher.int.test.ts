import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../test/fakes/relay-harness.js';

describe('live log rows', () => {
  it('pushes the row of a relayed call once it is in the log: without the channel to its user, whole to the live tails of the admins with the channel name', async () => {
    const h = await buildRelayHarness({ ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }) });
    const user = await h.addUser({ quota: 1_000_000, username: 'dora' });
    const { bearer } = await h.addKey(user.id, { name: 'live-key' });
    const channel = await h.addChannel({ models: 'test-model', name: 'live-channel' });
    expect(h.live.pushes).toEqual([]);
    const response = await h.post('/v1/chat/completions', bearer, { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.statusCode).toBe(200);
    const [event] = await h.usageEvents();
    const row = {
      id: event?.metadata.eventId, type: 2, user_id: user.id, username: 'dora', token_name: 'live-key', model_name: 'test-model',
      quota: 12, prompt_tokens: 5, completion_tokens: 7, is_stream: false, group: 'default',
    };
    const [toUser, toTail] = h.live.pushes;
    expect(h.live.pushes).toHaveLength(2);
    expect(toUser).toMatchObject({ to: { userId: user.id }, event: 'log', payload: row });
    expect(toUser?.payload).not.toHaveProperty('channel');
    expect(toTail).toMatchObject({ to: 'admin-tail', event: 'log', payload: { ...row, channel: channel.id, channel_name: 'live-channel' } });
    expect(toUser?.payload).toMatchObject({ channel_name: '' });
  });

  it('LogConsumeEnabled: off, bills but neither logs nor pushes a call', async () => {
    const h = await buildRelayHarness({ ModelRatio: JSON.stringify({ 'test-model': 1 }), LogConsumeEnabled: 'false' });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    expect((await h.post('/v1/chat/completions', bearer, { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] })).statusCode).toBe(200);
    const [event] = await h.usageEvents();
    expect(event?.data).toMatchObject({ quota: 5 + 7, logged: false });
    expect(h.live.pushes).toEqual([]);
  });
});
