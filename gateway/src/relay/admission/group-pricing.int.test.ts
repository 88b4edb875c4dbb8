import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';

/**
 * new-api's group rules on a running relay (issue #39, price depth): a user group's own ratio for a
 * group it calls in (GroupGroupRatio), and `auto` keys served in the first of AutoGroups that has a
 * channel for the model, billed and logged in that group. The mock answers 5 prompt and 7
 * completion tokens; the model's ratio is 2 and its completion ratio 1, so a call weighs
 * (5 + 7) x 2 = 24 before the group ratio.
 */
const WEIGHT = (5 + 7) * 2;
const PRICING = {
  ModelRatio: JSON.stringify({ 'test-model': 2 }),
  CompletionRatio: JSON.stringify({ 'test-model': 1 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 2, cheap: 0.5 }),
  UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组', cheap: '特价', auto: '自动选择' }),
};
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'Say hello' }] };

async function relayFor(userGroup: string, keyGroup: string, channelGroups: string) {
  const h = await buildRelayHarness(PRICING);
  const user = await h.addUser({ quota: 1_000_000, group: userGroup });
  const { bearer } = await h.addKey(user.id, { group: keyGroup });
  await h.addChannel({ models: 'test-model', group: channelGroups });
  const call = async () => {
    const before = (await h.usageEvents()).length;
    const response = await h.post('/v1/chat/completions', bearer, chat);
    const events = await h.usageEvents();
    return { response, charge: events.length > before ? events.at(-1)?.data : undefined };
  };
  return { h, call };
}

describe('GroupGroupRatio: a user group pays its own ratio in the groups it names', () => {
  it('given a vip user with a ratio of 0.75 for the vip group, when they call in vip, then the call costs 0.75 and the log says both ratios', async () => {
    const { h, call } = await relayFor('vip', 'vip', 'vip');
    await h.deps.options.set('GroupGroupRatio', JSON.stringify({ vip: { vip: 0.75 } }));
    const { response, charge } = await call();
    expect(response.statusCode).toBe(200);
    expect(charge?.quota).toBe(Math.round(WEIGHT * 0.75));
    expect(charge?.other).toMatchObject({ group_ratio: 0.75, user_group_ratio: 0.75 });
  });

  it('given the ratio names another user group, when a default user calls in vip, then vip\'s own ratio applies and no user_group_ratio is logged', async () => {
    const { h, call } = await relayFor('default', 'vip', 'vip');
    await h.deps.options.set('GroupGroupRatio', JSON.stringify({ vip: { vip: 0.75 } }));
    const { charge } = await call();
    expect(charge?.quota).toBe(WEIGHT * 2);
    expect(charge?.other).not.toHaveProperty('user_group_ratio');
  });
});

describe('auto keys: served in the first auto group with a channel for the model', () => {
  it('given AutoGroups [cheap, vip] and a channel only in vip, when an auto key calls, then it is served and billed in vip', async () => {
    const { h, call } = await relayFor('default', 'auto', 'vip');
    await h.deps.options.set('AutoGroups', JSON.stringify(['cheap', 'vip']));
    const { response, charge } = await call();
    expect(response.statusCode).toBe(200);
    expect(charge).toMatchObject({ group: 'vip', quota: WEIGHT * 2 });
  });

  it('given a channel in both, when an auto key calls, then the first auto group (cheap) serves it at its ratio', async () => {
    const { h, call } = await relayFor('default', 'auto', 'vip,cheap');
    await h.deps.options.set('AutoGroups', JSON.stringify(['cheap', 'vip']));
    const { charge } = await call();
    expect(charge).toMatchObject({ group: 'cheap', quota: WEIGHT * 0.5 });
  });

  it('skips an auto group the user may not use, and refuses for nothing when no auto group serves the model', async () => {
    const { h, call } = await relayFor('default', 'auto', 'vip');
    await h.deps.options.set('UserUsableGroups', JSON.stringify({ default: '默认分组', cheap: '特价', auto: '自动选择' }));
    await h.deps.options.set('AutoGroups', JSON.stringify(['cheap', 'vip']));
    const { response, charge } = await call();
    expect(response.statusCode).toBe(503);
    expect(charge).toBeUndefined();
  });

  it('refuses an auto key for nothing once `auto` is taken out of UserUsableGroups', async () => {
    const { h, call } = await relayFor('default', 'auto', 'default');
    await h.deps.options.set('UserUsableGroups', JSON.stringify({ default: '默认分组' }));
    const { response, charge } = await call();
    expect(response.statusCode).toBe(403);
    expect(charge).toBeUndefined();
  });

  it('lists on /v1/models the models of every auto group', async () => {
    const { h } = await relayFor('default', 'auto', 'vip');
    await h.addChannel({ models: 'cheap-model', group: 'cheap' });
    await h.deps.options.set('AutoGroups', JSON.stringify(['cheap', 'vip']));
    const user = await h.addUser({ quota: 1, group: 'default' });
    const { bearer } = await h.addKey(user.id, { group: 'auto' });
    const listed = await h.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: bearer } });
    expect((listed.json() as { data: Array<{ id: string }> }).data.map((m) => m.id).sort()).toEqual(['cheap-model', 'test-model']);
  });
});
