import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';
import type { Page } from '../../api/support/paging.js';

/** The label of each group in new-api's `{ group: { ratio, desc } }` answer. */
const labels = (groups: Record<string, { desc: string }>) => Object.fromEntries(Object.entries(groups).map(([group, { desc }]) => [group, desc]));

interface TokenWire {
  id: number;
  key: string;
  name: string;
  status: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits: string;
  allow_ips: string;
  expired_time: number;
}

describe('token routes', () => {
  it('creates a token, publishes its quota to the ledger and lists it', async () => {
    const { app, ledger, notices } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const created = await alice.call<TokenWire>('POST', '/api/token/', { name: 'ci', remain_quota: 500000, expired_time: -1, unlimited_quota: false, model_limits: 'gpt-4o, gpt-4o-mini', allow_ips: '10.0.0.1\n10.0.0.2', count: 3 });
    expect(created.body.success).toBe(true);
    expect(created.body.data).toMatchObject({ name: 'ci', status: 1, remain_quota: 500000, model_limits: 'gpt-4o,gpt-4o-mini', allow_ips: '10.0.0.1\n10.0.0.2' });
    expect(created.body.data.key).toMatch(/^[A-Za-z0-9]{4}\*{10}[A-Za-z0-9]{4}$/);
    const { key } = (await alice.call<{ key: string }>('POST', `/api/token/${created.body.data.id}/key`)).body.data;
    expect(ledger.ofType('TokenQuotaSet').map((e) => e.data)).toEqual([{ userId: alice.userId, tokenId: created.body.data.id, remainQuota: 500000, unlimited: false }]);
    expect(notices).toContainEqual({ kind: 'tokens', id: created.body.data.id });
    const list = await alice.call<Page<TokenWire>>('GET', '/api/token/?p=1&size=10');
    expect(list.body.data).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(list.body.data.items.map((t) => t.id)).toEqual([created.body.data.id]);
    const search = await alice.call<Page<TokenWire>>('GET', `/api/token/search?keyword=&token=sk-${key.slice(0, 10)}`);
    expect(search.body.data.items).toHaveLength(1);
  });

  it('refuses a nameless or over-long name', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    expect((await alice.call('POST', '/api/token/', { name: '' })).body.message).toBe('令牌名称不能为空');
    expect((await alice.call('POST', '/api/token/', { name: '令'.repeat(11) })).body.message).toBe('令牌名称过长');
  });

  it('toggles status, refusing to enable an expired or exhausted token', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call<TokenWire>('POST', '/api/token/', { name: 't', remain_quota: 10 });
    const id = body.data.id;
    const off = await alice.call<TokenWire>('PUT', '/api/token/?status_only=true', { id, status: 2 });
    expect(off.body.data.status).toBe(2);
    const on = await alice.call<TokenWire>('PUT', '/api/token/?status_only=true', { id, status: 1 });
    expect(on.body.data.status).toBe(1);

    await alice.call('PUT', '/api/token/', { id, expired_time: 1000 });
    await alice.call('PUT', '/api/token/?status_only=true', { id, status: 2 });
    const expired = await alice.call('PUT', '/api/token/?status_only=true', { id, status: 1 });
    expect(expired.body.message).toBe('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');

    await alice.call('PUT', '/api/token/', { id, expired_time: -1, remain_quota: 0 });
    const exhausted = await alice.call('PUT', '/api/token/?status_only=true', { id, status: 1 });
    expect(exhausted.body.message).toBe('令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度');
  });

  it('edits fields and sends a changed remaining quota to the ledger', async () => {
    const { app, ledger } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call<TokenWire>('POST', '/api/token/', { name: 't', remain_quota: 10 });
    const edited = await alice.call<TokenWire>('PUT', '/api/token/', { id: body.data.id, name: 'renamed', remain_quota: 99 });
    expect(edited.body.data).toMatchObject({ name: 'renamed', remain_quota: 99 });
    await alice.call('PUT', '/api/token/', { id: body.data.id, name: 'again' });
    expect(ledger.ofType('TokenQuotaSet').map((e) => e.data.remainQuota)).toEqual([10, 99]);
  });

  it("keeps users out of each other's tokens", async () => {
    const { app, deps } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    const { body } = await alice.call<TokenWire>('POST', '/api/token/', { name: 'mine' });
    const id = body.data.id;
    expect((await bob.call('GET', `/api/token/${id}`)).body).toEqual({ success: false, message: '令牌不存在' });
    expect((await bob.call('PUT', '/api/token/', { id, name: 'stolen' })).body.success).toBe(false);
    expect((await bob.call('PUT', '/api/token/?status_only=true', { id, status: 2 })).body.success).toBe(false);
    expect((await bob.call('DELETE', `/api/token/${id}/`)).body.success).toBe(false);
    expect((await bob.call<Page<TokenWire>>('GET', '/api/token/')).body.data.total).toBe(0);
    expect((await deps.tokens.byId(id))?.name).toBe('mine');
    expect((await alice.call('DELETE', `/api/token/${id}/`)).body.success).toBe(true);
    expect(await deps.tokens.byId(id)).toBeNull();
  });

  it('UserUsableGroups, GroupRatio: the groups offered and accepted for a token follow both options as they are saved', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const alice = await signUp(app, 'alice');
    const groups = async () => labels((await alice.call<Record<string, { desc: string }>>('GET', '/api/user/self/groups')).body.data);
    expect(await groups()).toEqual({ default: '默认分组', vip: 'vip分组' });
    expect((await alice.call('POST', '/api/token/', { name: 't', group: 'svip' })).body.message).toBe('无权使用该分组');
    const { id } = (await alice.call<TokenWire>('POST', '/api/token/', { name: 't', group: 'vip' })).body.data;

    await root.call('PUT', '/api/option/', { key: 'UserUsableGroups', value: JSON.stringify({ default: '默认分组', svip: '超级分组' }) });
    expect(await groups()).toEqual({ default: '默认分组', svip: '超级分组' });
    expect((await alice.call('PUT', '/api/token/', { id, name: 't', group: 'vip' })).body.message).toBe('无权使用该分组');
    expect((await alice.call('PUT', '/api/token/', { id, name: 't', group: 'svip' })).body.success).toBe(true);

    // new-api offers only groups that also have a ratio: one without can no longer be billed.
    await root.call('PUT', '/api/option/', { key: 'GroupRatio', value: JSON.stringify({ default: 1 }) });
    expect(await groups()).toEqual({ default: '默认分组' });
    expect((await alice.call('POST', '/api/token/', { name: 't2', group: 'svip' })).body.message).toBe('无权使用该分组');
  });
});

describe('token lists and the token cap (issue #25)', () => {
  it('shows status 3 for an expired token and 4 for an exhausted one, leaving the stored status (and the toggle back) alone', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = (await alice.call<TokenWire>('POST', '/api/token/', { name: 'old', expired_time: past, unlimited_quota: true })).body.data;
    const exhausted = (await alice.call<TokenWire>('POST', '/api/token/', { name: 'empty', remain_quota: 0, unlimited_quota: false })).body.data;
    const fine = (await alice.call<TokenWire>('POST', '/api/token/', { name: 'fine', remain_quota: 10, unlimited_quota: false })).body.data;
    const unlimited = (await alice.call<TokenWire>('POST', '/api/token/', { name: 'open', remain_quota: 0, unlimited_quota: true })).body.data;
    const list = await alice.call<Page<TokenWire>>('GET', '/api/token/?p=1&size=10');
    const statuses = Object.fromEntries(list.body.data.items.map((t) => [t.id, t.status]));
    expect(statuses).toEqual({ [expired.id]: 3, [exhausted.id]: 4, [fine.id]: 1, [unlimited.id]: 1 });
    expect((await alice.call('PUT', '/api/token/?status_only=true', { id: exhausted.id, status: 2 })).body.success).toBe(true);
    const after = await alice.call<Page<TokenWire>>('GET', '/api/token/?p=1&size=10');
    expect(after.body.data.items.find((t) => t.id === exhausted.id)?.status).toBe(2);
  });

  it("token_setting.max_user_tokens: a user at the cap is refused one more with new-api's message; others are not", async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/option/', { key: 'token_setting.max_user_tokens', value: '2' })).body.success).toBe(true);
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    for (const name of ['a', 'b']) expect((await alice.call('POST', '/api/token/', { name, unlimited_quota: true })).body.success).toBe(true);
    const refused = await alice.call('POST', '/api/token/', { name: 'c', unlimited_quota: true });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, message: '已达到最大令牌数量限制 (2)' });
    expect((await bob.call('POST', '/api/token/', { name: 'b1', unlimited_quota: true })).body.success).toBe(true);
    expect((await alice.call<Page<TokenWire>>('GET', '/api/token/?p=1&size=10')).body.data.total).toBe(2);
  });
});

describe('lowering a remaining quota while calls in flight hold part of it (issue #23)', () => {
  it('is refused below the held part, naming it, before any field is written; within it, it is held and settled with the event', async () => {
    const { app, deps, ledger } = await buildApiHarness({ QuotaForNewUser: '1000000' });
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call<TokenWire>('POST', '/api/token/', { name: 'busy', remain_quota: 500000 });
    const tokenId = body.data.id;
    // A call in flight through the token, as the relay admits it.
    await deps.holds.seed(await deps.balances.users([alice.userId]), await deps.balances.tokens([tokenId]));
    const call = (holdId: string, amount: number) => deps.holds.acquire({ holdId, userId: alice.userId, tokenId, least: amount, most: amount, ttlMs: 60_000 });
    expect(await call('call-1', 300000)).toEqual({ ok: true, granted: 300000 });

    const refused = await alice.call('PUT', '/api/token/', { id: tokenId, name: 'renamed', remain_quota: 100000 });
    expect(refused.body).toEqual({ success: false, message: '令牌有 ＄0.600000 额度正被进行中的请求占用，暂时不能将剩余额度改到 ＄0.600000 额度以下' });
    expect((await deps.tokens.byId(tokenId))?.name).toBe('busy');
    expect(ledger.ofType('TokenQuotaSet')).toHaveLength(1);

    const lowered = await alice.call<TokenWire>('PUT', '/api/token/', { id: tokenId, name: 'renamed', remain_quota: 300000 });
    expect(lowered.body.data).toMatchObject({ name: 'renamed', remain_quota: 300000 });
    expect(ledger.ofType('TokenQuotaSet')[1]?.data).toMatchObject({ remainQuota: 300000, holdId: expect.stringMatching(/^token-/) });
    // The lowering's hold went with the event: the token's 300000 are all the call's, nothing is left to admit.
    expect(await call('call-2', 1)).toEqual({ ok: false, reason: 'token_quota' });
    await deps.holds.release({ holdId: 'call-1', userId: alice.userId });
    expect(await call('call-3', 300000)).toEqual({ ok: true, granted: 300000 });
  });

  it('raising it, or lowering an unlimited token, takes no hold', async () => {
    const { app, ledger } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call<TokenWire>('POST', '/api/token/', { name: 't', remain_quota: 100 });
    await alice.call('PUT', '/api/token/', { id: body.data.id, remain_quota: 900 });
    await alice.call('PUT', '/api/token/', { id: body.data.id, unlimited_quota: true, remain_quota: 0 });
    expect(ledger.ofType('TokenQuotaSet').map((e) => e.data.holdId)).toEqual([undefined, undefined, undefined]);
  });
});
