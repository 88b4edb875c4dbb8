import { describe, expect, it } from 'vitest';
import { ChannelStatus } from '@tollgate/wire';
import { buildRelayHarness, type RelayHarness } from '../../../test/fakes/relay-harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than a failure's report and the affinity's write, which run beside the call. */
const SETTLED_MS = 30;
/** Nothing listens there: a channel that never answers. */
const DEAD = 'http://127.0.0.1:1';
const chat = (conversation: string) => ({ model: 'gpt-4o-mini', prompt_cache_key: conversation, messages: [{ role: 'user', content: 'hi' }] });
/** A rule keyed on the chat body's prompt_cache_key (new-api's defaults key /v1/responses and /v1/messages). */
const rules = (skipRetry: boolean) => JSON.stringify([{ name: 'conversation', model_regex: ['^gpt-'], key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }], skip_retry_on_failure: skipRetry, include_rule_name: true }]);

async function twoChannels(h: RelayHarness) {
  const user = await h.addUser({ quota: 10_000_000 });
  const { bearer } = await h.addKey(user.id);
  const channels = [await h.addChannel({ key: 'sk-a', name: 'a' }), await h.addChannel({ key: 'sk-b', name: 'b' })];
  /** The channel that answered the last call, by the key the upstream saw. */
  const lastServed = () => {
    const key = h.upstream.requests.at(-1)?.authorization?.replace('Bearer ', '');
    return channels.find((c) => c.key === key)!;
  };
  const call = async (conversation: string) => {
    const response = await h.post('/v1/chat/completions', bearer, chat(conversation));
    await sleep(SETTLED_MS);
    return response.statusCode;
  };
  const edit = async (id: number, fields: Parameters<RelayHarness['deps']['channels']['update']>[1]) => {
    await h.deps.channels.update(id, fields);
    h.deps.notices.publish('channels', id);
    await sleep(SETTLED_MS);
  };
  return { channels, lastServed, call, edit };
}

describe('channel affinity in the relay', () => {
  it('channel_affinity_setting.rules: calls of one conversation go to one channel of two; a disabled channel is left, and the conversation sticks to the new one', async () => {
    const h = await buildRelayHarness({ 'channel_affinity_setting.rules': rules(true), RetryTimes: '0' });
    const { lastServed, call, edit } = await twoChannels(h);
    expect(await call('conv-1')).toBe(200);
    const first = lastServed();
    for (let i = 0; i < 8; i++) {
      expect(await call('conv-1')).toBe(200);
      expect(lastServed().id).toBe(first.id);
    }
    // The rows of calls sent to their conversation's channel say so, for admins (new-api's admin_info.channel_affinity).
    const rows = (await h.usageEvents()).map((e) => (e.data.other as { admin_info?: { channel_affinity?: Record<string, unknown> } }).admin_info?.channel_affinity);
    expect(rows[0]).toBeUndefined(); // the first call had no channel yet
    expect(rows.slice(1)).toEqual(Array(8).fill(expect.objectContaining({ rule_name: 'conversation', key_source: 'gjson', key_path: 'prompt_cache_key', key_hint: 'conv-1', channel_id: first.id, selected_group: 'default', request_path: '/v1/chat/completions' })));
    await edit(first.id, { status: ChannelStatus.Disabled });
    expect(await call('conv-1')).toBe(200);
    const second = lastServed();
    expect(second.id).not.toBe(first.id);
    await edit(first.id, { status: ChannelStatus.Enabled }); // back in rotation, but the conversation has moved
    for (let i = 0; i < 8; i++) {
      expect(await call('conv-1')).toBe(200);
      expect(lastServed().id).toBe(second.id);
    }
  });

  it('channel_affinity_setting.enabled: off, one conversation is spread over both channels', async () => {
    const h = await buildRelayHarness({ 'channel_affinity_setting.rules': rules(true), 'channel_affinity_setting.enabled': 'false', RetryTimes: '0' });
    const { lastServed, call } = await twoChannels(h);
    const served = new Set<number>();
    // At random over two channels, 24 calls all on one would happen once in 2^23 runs.
    for (let i = 0; i < 24; i++) {
      await call('conv-1');
      served.add(lastServed().id);
    }
    expect(served.size).toBe(2);
  });

  it("a failing affinity channel is not retried elsewhere (the rule's skip_retry_on_failure); once its breaker opens the conversation moves", async () => {
    const h = await buildRelayHarness({ 'channel_affinity_setting.rules': rules(true), RetryTimes: '1', CircuitBreakerFailureThreshold: '1', CircuitBreakerCoolDownSeconds: '600' });
    const { lastServed, call, edit } = await twoChannels(h);
    expect(await call('conv-2')).toBe(200);
    const sticky = lastServed();
    await edit(sticky.id, { baseUrl: DEAD });
    const before = h.upstream.requests.length;
    expect(await call('conv-2')).toBe(502); // RetryTimes 1, yet no other channel tried
    expect(h.upstream.requests.length).toBe(before);
    expect(await call('conv-2')).toBe(200); // its breaker is open: the other channel
    const moved = lastServed();
    expect(moved.id).not.toBe(sticky.id);
    expect(await call('conv-2')).toBe(200);
    expect(lastServed().id).toBe(moved.id);
  });

  it.each([
    ['true', 'the channel that answered'],
    ['false', 'the channel first picked'],
  ])('channel_affinity_setting.switch_on_success %s: after a retry the conversation sticks to %s', async (switchOnSuccess) => {
    const h = await buildRelayHarness({ 'channel_affinity_setting.rules': rules(false), 'channel_affinity_setting.switch_on_success': switchOnSuccess, RetryTimes: '1' });
    const { lastServed, call, edit } = await twoChannels(h);
    const remembered: number[] = [];
    const set = h.deps.affinities.set.bind(h.deps.affinities);
    h.deps.affinities.set = (key, channelId, ttl, max) => {
      remembered.push(channelId);
      return set(key, channelId, ttl, max);
    };
    expect(await call('conv-3')).toBe(200);
    const sticky = lastServed();
    await edit(sticky.id, { baseUrl: DEAD });
    expect(await call('conv-3')).toBe(200); // the sticky one failed, the other answered
    const answered = lastServed();
    expect(answered.id).not.toBe(sticky.id);
    expect(remembered).toEqual([sticky.id, switchOnSuccess === 'true' ? answered.id : sticky.id]);
  });
  it("param_override_template: a call a rule gives a key goes upstream with the template's fields under the channel's own param_override, and its row says so", async () => {
    const template = { temperature: 0.1, top_p: 0.5, metadata: { tier: 'cached' } };
    const withTemplate = JSON.stringify([{ ...JSON.parse(rules(true))[0], param_override_template: template }]);
    const h = await buildRelayHarness({ 'channel_affinity_setting.rules': withTemplate, RetryTimes: '0' });
    const user = await h.addUser({ quota: 10_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ key: 'sk-a', paramOverride: '{"top_p":0.9}' });
    expect((await h.post('/v1/chat/completions', bearer, { ...chat('conv-t'), temperature: 1 })).statusCode).toBe(200);
    // The channel's top_p wins over the template's; the template's other fields replace the client's.
    expect(h.upstream.requests[0]?.body).toMatchObject({ temperature: 0.1, top_p: 0.9, metadata: { tier: 'cached' }, prompt_cache_key: 'conv-t' });
    // A call no rule gives a key (no prompt_cache_key) is sent as the client wrote it, with only the channel's override.
    const plain = { model: 'gpt-4o-mini', temperature: 1, messages: [{ role: 'user', content: 'hi' }] };
    expect((await h.post('/v1/chat/completions', bearer, plain)).statusCode).toBe(200);
    expect(h.upstream.requests[1]?.body).toEqual({ ...plain, top_p: 0.9 });
    await sleep(SETTLED_MS);
    const info = (await h.usageEvents()).map((e) => (e.data.other as { admin_info?: { channel_affinity?: Record<string, unknown> } }).admin_info?.channel_affinity);
    expect(info[0]).toMatchObject({ rule_name: 'conversation', override_template: { applied: true, rule_name: 'conversation', param_override_keys: 3 } });
    expect(info[1]).toBeUndefined();
  });
});
