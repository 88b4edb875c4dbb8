import { describe, expect, it } from 'vitest';
import { buildApiHarness, signUp } from '../../../test/api-app.js';

describe('GET /api/user/self/groups', () => {
  it("answers new-api's { group: { ratio, desc } }: the usable, priced groups with their ratio and label", async () => {
    const { app } = await buildApiHarness({
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 0.8 }),
      UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组', retired: '旧分组' }),
    });
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call('GET', '/api/user/self/groups');
    expect(body).toEqual({ success: true, message: '', data: { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.5, desc: 'vip分组' } } });
  });

  it("answers the user's own ratio where GroupGroupRatio names one, and `auto` as new-api does when the user may use it", async () => {
    const { app } = await buildApiHarness({
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      GroupGroupRatio: JSON.stringify({ default: { vip: 1.2 } }),
      UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组', auto: '自动选择' }),
      AutoGroups: JSON.stringify(['vip', 'default', 'nowhere']),
      DefaultUseAutoGroup: 'true',
    });
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call('GET', '/api/user/self/groups');
    expect(body).toMatchObject({ data: { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.2, desc: 'vip分组' }, auto: { ratio: '自动', desc: '自动选择' } } });
    const pricing = await alice.call('GET', '/api/pricing');
    expect(pricing.body).toMatchObject({ group_ratio: { default: 1, vip: 1.2 }, auto_groups: ['vip', 'default'] });
    // The console starts a new key in `auto` (DefaultUseAutoGroup).
    expect((await alice.call('GET', '/api/status')).body).toMatchObject({ data: { default_use_auto_group: true } });
    // A key may be made for `auto`; the group it names must still be usable.
    expect((await alice.call('POST', '/api/token/', { name: 'a', group: 'auto' })).body).toMatchObject({ success: true });
  });

  it('group_ratio_setting.group_special_usable_group: a user group gains (`+:g`, `g`) and loses (`-:g`) groups, others keep UserUsableGroups', async () => {
    const { app, deps } = await buildApiHarness({
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5, premium: 0.5, labs: 2 }),
      UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组' }),
      'group_ratio_setting.group_special_usable_group': JSON.stringify({ vip: { '+:premium': '高级', labs: '实验', '-:default': '默认分组' } }),
    });
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    await deps.users.update(bob.userId, { group: 'vip' });
    const groupsOf = async (session: typeof alice) => (await session.call<Record<string, { desc: string }>>('GET', '/api/user/self/groups')).body.data;
    expect(Object.keys(await groupsOf(alice)).sort()).toEqual(['default', 'vip']);
    const vip = await groupsOf(bob);
    expect(Object.fromEntries(Object.entries(vip).map(([group, { desc }]) => [group, desc]))).toEqual({ vip: 'vip分组', premium: '高级', labs: '实验' });
    // The groups a key may name follow: bob's key may be made for premium, alice's may not.
    expect((await bob.call('POST', '/api/token/', { name: 'p', group: 'premium' })).body.success).toBe(true);
    expect((await alice.call('POST', '/api/token/', { name: 'p', group: 'premium' })).body.success).toBe(false);
  });

  it('refuses a visitor', async () => {
    const { app } = await buildApiHarness();
    const answer = await app.inject({ method: 'GET', url: '/api/user/self/groups' });
    expect(answer.json()).toMatchObject({ success: false });
  });
});
