import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';
import type { AffinityCall } from '../affinity/affinity-key.js';
import { affinityOf, rememberAffinity } from '../affinity/conversation-affinity.js';

const rule = (name: string, path: string, includeName: boolean) => ({ name, model_regex: ['^gpt-'], key_sources: [{ type: 'gjson', path }], include_rule_name: includeName });
const rules = JSON.stringify([rule('by-session', 'session', true), rule('by-thread', 'thread', true), rule('anonymous', 'anon', false)]);

/** A relayed call's view as the rules read it: `body` picks which rule matches. */
const call = (body: Record<string, string>): AffinityCall => ({ model: 'gpt-4o', path: '/v1/chat/completions', userAgent: '', header: () => undefined, body, group: 'default', context: {} });
const settled = () => new Promise((r) => setTimeout(r, 20));

async function harness() {
  const h = await buildApiHarness({ 'channel_affinity_setting.rules': rules, 'channel_affinity_setting.max_entries': '500' });
  const root = await login(h.app, 'root', ROOT_PASSWORD);
  /** One call routed as the relay does: looked up (counted), then remembered on channel 3. */
  const route = async (body: Record<string, string>) => {
    const affinity = await affinityOf(h.deps, call(body));
    rememberAffinity(h.deps, affinity!, 3, 3);
    await settled();
    return affinity!.channelId;
  };
  return { ...h, root, route };
}

describe('the channel affinity cache (/api/option/channel_affinity_cache)', () => {
  it("counts entries per rule that includes its name, the rest as unknown, and each rule's lookups", async () => {
    const { root, route } = await harness();
    for (const session of ['s1', 's2', 's3']) await route({ session });
    expect(await route({ session: 's1' })).toBe(3); // the conversation found its channel
    await route({ thread: 't1' });
    await route({ anon: 'a1' });
    await route({ anon: 'a2' });
    const stats = await root.call<Record<string, unknown>>('GET', '/api/option/channel_affinity_cache');
    expect(stats.body).toEqual({
      success: true,
      message: '',
      data: {
        enabled: true, total: 6, unknown: 2, by_rule_name: { 'by-session': 3, 'by-thread': 1 }, cache_capacity: 500, cache_algo: 'lru',
        lookups_by_rule_name: { 'by-session': { hits: 1, misses: 3 }, 'by-thread': { hits: 0, misses: 1 }, anonymous: { hits: 0, misses: 2 } },
      },
    });
  });

  it('clears one rule (its entries and lookups), refuses a rule it cannot tell apart, and clears all', async () => {
    const { root, route, deps } = await harness();
    for (const session of ['s1', 's2']) await route({ session });
    await route({ thread: 't1' });
    await route({ anon: 'a1' });
    const cleared = await root.call('DELETE', '/api/option/channel_affinity_cache?rule_name=by-session');
    expect(cleared.body).toEqual({ success: true, message: '', data: { deleted: 2 } });
    expect(await route({ session: 's1' })).toBeNull(); // forgotten: the next call is routed afresh
    expect(await route({ thread: 't1' })).toBe(3); // another rule's entries stay
    const stats = await root.call<{ by_rule_name: Record<string, number>; lookups_by_rule_name: Record<string, unknown> }>('GET', '/api/option/channel_affinity_cache');
    expect(stats.body.data).toMatchObject({ total: 3, by_rule_name: { 'by-session': 1, 'by-thread': 1 }, lookups_by_rule_name: { 'by-session': { hits: 0, misses: 1 }, 'by-thread': { hits: 1, misses: 1 } } });

    const refusals = await Promise.all(['?rule_name=anonymous', '?rule_name=nope', '', '?all=yes', '?rule_name=%20'].map((q) => root.call('DELETE', `/api/option/channel_affinity_cache${q}`)));
    expect(refusals.map((r) => [r.status, r.body])).toEqual([
      [400, { success: false, message: '该规则未启用 include_rule_name，无法按规则清空缓存' }],
      [400, { success: false, message: '未知规则名称' }],
      [400, { success: false, message: '缺少参数：rule_name，或使用 all=true 清空全部' }],
      [400, { success: false, message: '缺少参数：rule_name，或使用 all=true 清空全部' }],
      [400, { success: false, message: '缺少参数：rule_name，或使用 all=true 清空全部' }],
    ]);
    const all = await root.call('DELETE', '/api/option/channel_affinity_cache?all=true');
    expect(all.body).toEqual({ success: true, message: '', data: { deleted: 3 } });
    expect((await deps.affinities.entries([])).total).toBe(0);
    expect(await deps.affinities.lookups()).toEqual({});
  });
});
