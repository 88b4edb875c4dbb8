import { describe, expect, it } from 'vitest';
import { ChannelStatus } from '@tollgate/wire';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';
import { channelInfoOf } from '../../channels/multi-key/channel-info.js';

const pricing = { ModelRatio: JSON.stringify({ 'test-model': 1 }), CompletionRatio: JSON.stringify({ 'test-model': 1 }), RetryTimes: '0' };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] };
/** new-api's channel_info of a multi-key channel; key 1 switched off by an admin. */
const info = (mode: 'polling' | 'random', statuses: Record<string, number> = {}) =>
  JSON.stringify({ is_multi_key: true, multi_key_size: 3, multi_key_status_list: statuses, multi_key_polling_index: 0, multi_key_mode: mode });

describe('a multi-key channel at relay time', () => {
  it('rotates its keys in polling mode and never sends a disabled one', async () => {
    const h = await buildRelayHarness(pricing);
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    await h.addChannel({ models: 'test-model', key: 'sk-zero\nsk-one\nsk-two', channelInfo: info('polling', { '1': 2 }) });
    for (let call = 0; call < 4; call++) expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(200);
    expect(h.upstream.requests.map((r) => r.authorization)).toEqual(['Bearer sk-zero', 'Bearer sk-two', 'Bearer sk-zero', 'Bearer sk-two']);
  });

  it('sends one key (never the lines joined) in random mode, only enabled ones', async () => {
    const h = await buildRelayHarness(pricing);
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    await h.addChannel({ models: 'test-model', key: 'sk-zero\nsk-one\nsk-two', channelInfo: info('random', { '0': 3 }) });
    for (let call = 0; call < 6; call++) await h.post('/v1/chat/completions', bearer, chat);
    const sent = new Set(h.upstream.requests.map((r) => r.authorization));
    expect([...sent].every((a) => a === 'Bearer sk-one' || a === 'Bearer sk-two')).toBe(true);
  });

  it('switches off only the key the upstream refused, with its reason, and the channel once no key is left', async () => {
    const h = await buildRelayHarness({ ...pricing, AutomaticDisableChannelEnabled: 'true' }, { failWith: 401 });
    const { bearer } = await h.addKey((await h.addUser({ quota: 1_000_000 })).id);
    const channel = await h.addChannel({ models: 'test-model', key: 'sk-zero\nsk-one', channelInfo: info('polling') });
    await h.post('/v1/chat/completions', bearer, chat);
    const afterOne = await h.deps.channels.byId(channel.id);
    expect(afterOne?.status).toBe(ChannelStatus.Enabled);
    const first = channelInfoOf(afterOne ?? channel);
    expect(first.multi_key_status_list).toEqual({ '0': 3 });
    expect(first.multi_key_disabled_reason['0']).toMatch(/401|invalid|key/i);
    await h.post('/v1/chat/completions', bearer, chat);
    expect(h.upstream.requests.map((r) => r.authorization)).toEqual(['Bearer sk-zero', 'Bearer sk-one']);
    const afterTwo = await h.deps.channels.byId(channel.id);
    expect(channelInfoOf(afterTwo ?? channel).multi_key_status_list).toEqual({ '0': 3, '1': 3 });
    expect(afterTwo?.status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse(afterTwo?.otherInfo ?? '{}')).toMatchObject({ status_reason: 'All keys are disabled' });
  });
});
