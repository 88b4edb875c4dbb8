import { describe, expect, it, onTestFinished } from 'vitest';
import { startProviderBalanceMock } from '../../test/mock-upstream/openai/provider-balance-mock.js';
import { buildApiHarness, login, ROOT_PASSWORD, type Session, signUp } from '../../test/api-app.js';
import type { AuditEvent } from '../ports/documents/audit-event.js';

/** The secrets these tests write: none may appear anywhere in the trail. */
const CHANNEL_KEY = 'sk-upstream-secret-0123456789';
const SMTP_TOKEN = 'smtp-password-secret';
const NEW_PASSWORD = 'another-password-42';

async function setup() {
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const alice = await signUp(harness.app, 'alice');
  const events = async () => (await harness.deps.auditTrail.page({}, 0, 100)).items;
  const last = async (): Promise<AuditEvent> => {
    const [event] = await events();
    if (!event) throw new Error('no audit event');
    return event;
  };
  return { ...harness, root, alice, events, last };
}

const must = async (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const { body } = await session.call(method, url, payload);
  expect(body.success, body.message).toBe(true);
  return body;
};

describe('audit trail of admin writes', () => {
  it('records a user quota, group, role and status change with actor, address, before and after', async () => {
    const { root, alice, last } = await setup();
    await must(root, 'PUT', '/api/user/', { id: alice.userId, quota: 5000, group: 'vip', password: NEW_PASSWORD });
    const updated = await last();
    expect(updated).toMatchObject({
      type: 'UserUpdated',
      version: 1,
      actor: { userId: root.userId, username: 'root' },
      address: '127.0.0.1',
      target: { kind: 'user', id: String(alice.userId) },
      before: { quota: 0, group: 'default', role: 1, status: 1 },
      after: { quota: 5000, group: 'vip', role: 1, status: 1 },
      detail: { password_changed: true },
    });
    expect(updated.eventId).toMatch(/^[0-9a-f-]{36}$/);
    await must(root, 'POST', '/api/user/manage', { id: alice.userId, action: 'promote' });
    expect(await last()).toMatchObject({ type: 'UserPromoted', before: { role: 1 }, after: { role: 10 } });
    await must(root, 'POST', '/api/user/manage', { id: alice.userId, action: 'disable' });
    expect(await last()).toMatchObject({ type: 'UserDisabled', before: { status: 1 }, after: { status: 2 } });
    await must(root, 'POST', '/api/user/manage', { id: alice.userId, action: 'add_quota', mode: 'add', value: 250 });
    expect(await last()).toMatchObject({ type: 'UserQuotaAdjusted', before: { quota: 5000 }, after: { quota: 5250 }, detail: { action: 'add_quota', mode: 'add', value: 250 } });
    await must(root, 'POST', '/api/user/', { username: 'bob', password: NEW_PASSWORD, display_name: 'Bob' });
    expect(await last()).toMatchObject({ type: 'UserCreated', before: null, after: { username: 'bob', display_name: 'Bob', role: 1 } });
  });

  it('records options, the secret ones masked', async () => {
    const { root, last, events } = await setup();
    await must(root, 'PUT', '/api/option/', { key: 'SystemName', value: 'Audited' });
    expect(await last()).toMatchObject({ type: 'OptionUpdated', target: { kind: 'option', id: 'SystemName' }, before: { value: 'Tollgate' }, after: { value: 'Audited' } });
    await must(root, 'PUT', '/api/option/', { key: 'SMTPToken', value: SMTP_TOKEN });
    expect(await last()).toMatchObject({ type: 'OptionUpdated', before: { value: { set: false } }, after: { value: { set: true, fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/) } } });
    expect(JSON.stringify(await events())).not.toContain(SMTP_TOKEN);
  });

  it('records channels created, updated, key revealed and deleted, the key never in the trail', async () => {
    const { root, last, events } = await setup();
    const created = await must(root, 'POST', '/api/channel/', { mode: 'single', channel: { name: 'up', type: 1, key: CHANNEL_KEY, models: 'gpt-4o', group: 'default' } });
    const [id] = created.data as number[];
    expect(await last()).toMatchObject({ type: 'ChannelCreated', target: { kind: 'channel', id: String(id) }, before: null, after: [{ name: 'up', models: 'gpt-4o', key: { set: true } }] });
    await must(root, 'PUT', '/api/channel/', { id, name: 'renamed', key: `${CHANNEL_KEY}-2`, header_override: JSON.stringify({ 'x-api-key': `${CHANNEL_KEY}-h` }) });
    const updated = await last();
    expect(updated).toMatchObject({ type: 'ChannelUpdated', before: { name: 'up', headerOverride: '' }, after: { name: 'renamed', headerOverride: { 'x-api-key': { set: true } } } });
    const fingerprint = (state: unknown) => (state as { key: { fingerprint: string } }).key.fingerprint;
    expect(fingerprint(updated.before)).not.toBe(fingerprint(updated.after));
    expect((await must(root, 'POST', `/api/channel/${id}/key`)).data).toEqual({ key: `${CHANNEL_KEY}-2` });
    expect(await last()).toMatchObject({ type: 'ChannelKeyRevealed', target: { kind: 'channel', id: String(id) }, before: null, after: null, detail: null });
    await must(root, 'DELETE', `/api/channel/${id}`);
    expect(await last()).toMatchObject({ type: 'ChannelDeleted', before: { name: 'renamed' }, after: null });
    expect(JSON.stringify(await events())).not.toContain(CHANNEL_KEY);
  });

  it("records new-api's channel GETs that write: a test (failed too) and a balance update, with the measures before and after", async () => {
    const { root, last, events } = await setup();
    const balances = await startProviderBalanceMock(CHANNEL_KEY);
    onTestFinished(() => balances.close());
    const created = await must(root, 'POST', '/api/channel/', { mode: 'single', channel: { name: 'deepseek', type: 43, key: CHANNEL_KEY, base_url: balances.url, models: 'deepseek-chat', group: 'default' } });
    const [id] = created.data as number[];
    const tested = await root.call('GET', `/api/channel/test/${id}?model=deepseek-chat`);
    expect(tested.body.success).toBe(false); // the balance mock answers no chat call
    expect(await last()).toMatchObject({
      type: 'ChannelTested',
      target: { kind: 'channel', id: String(id) },
      before: { test_time: 0 },
      after: { test_time: expect.any(Number), status: 1 },
      detail: { model: 'deepseek-chat', answered: { success: false } },
    });
    expect(((await last()).after as { test_time: number }).test_time).toBeGreaterThan(0);
    expect((await root.call('GET', `/api/channel/update_balance/${id}`)).body).toMatchObject({ success: true, balance: 110.25 });
    expect(await last()).toMatchObject({ type: 'ChannelBalanceUpdated', before: { balance: 0 }, after: { balance: 110.25 }, detail: null });
    await must(root, 'GET', '/api/channel/update_balance');
    expect(await last()).toMatchObject({ type: 'ChannelBalancesUpdated', target: { kind: 'channel', id: '*' } });
    expect(JSON.stringify(await events())).not.toContain(CHANNEL_KEY);
  });

  it('records redemption codes by id, the codes themselves masked', async () => {
    const { root, last, events } = await setup();
    const created = await must(root, 'POST', '/api/redemption/', { name: 'gift', count: 2, quota: 100 });
    const keys = created.data as string[];
    const event = await last();
    expect(event).toMatchObject({ type: 'RedemptionsCreated', after: [{ name: 'gift', quota: 100, key: { set: true } }, { name: 'gift', quota: 100 }] });
    const [first] = event.target.id.split(',');
    await must(root, 'PUT', '/api/redemption/', { id: Number(first), name: 'renamed', quota: 300 });
    expect(await last()).toMatchObject({ type: 'RedemptionUpdated', before: { quota: 100 }, after: { name: 'renamed', quota: 300 } });
    await must(root, 'DELETE', `/api/redemption/${first}`);
    expect(await last()).toMatchObject({ type: 'RedemptionDeleted', before: { name: 'renamed' }, after: null });
    const trail = JSON.stringify(await events());
    for (const key of keys) expect(trail).not.toContain(key);
  });

  it('records sessions ended, with no session id', async () => {
    const { root, alice, last, events } = await setup();
    const ended = await must(root, 'DELETE', `/api/user/${alice.userId}/sessions`);
    expect(ended.data).toBe(1);
    expect(await last()).toMatchObject({ type: 'UserSessionsEnded', target: { kind: 'user', id: String(alice.userId) }, detail: { sessions_ended: 1 } });
    expect(JSON.stringify(await events())).not.toContain(alice.cookie.split('=')[1]?.split('.')[0]);
  });

  it('records nothing for a refused write or a user writing their own account', async () => {
    const { root, alice, events } = await setup();
    await alice.call('PUT', '/api/option/', { key: 'SystemName', value: 'x' });
    await root.call('PUT', '/api/user/', { id: 9999, quota: 1 });
    await alice.call('PUT', '/api/user/self', { display_name: 'Alice' });
    expect(await events()).toEqual([]);
  });
});

describe('GET /api/audit/ and /api/audit/export', () => {
  it('lists by filters for root only and exports the same as CSV that reads back', async () => {
    const { app, root, alice } = await setup();
    await must(root, 'PUT', '/api/option/', { key: 'SystemName', value: 'One, "quoted"' });
    await must(root, 'PUT', '/api/user/', { id: alice.userId, group: 'vip' });
    expect((await alice.call('GET', '/api/audit/')).body.success).toBe(false);
    const list = await root.call<{ items: { type: string; actor_name: string; target_id: string }[]; total: number }>('GET', '/api/audit/?actor=root&type=OptionUpdated');
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ type: 'OptionUpdated', actor_name: 'root', target_id: 'SystemName' });
    expect((await root.call<{ total: number }>('GET', `/api/audit/?target_kind=user&target_id=${alice.userId}`)).body.data.total).toBe(1);
    expect((await root.call<{ total: number }>('GET', '/api/audit/?start_timestamp=4000000000')).body.data.total).toBe(0);
    const csv = await app.inject({ method: 'GET', url: '/api/audit/export?format=csv', headers: { cookie: root.cookie, 'new-api-user': String(root.userId) } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,occurred_at,type,version,actor_id,actor_name,address,target_kind,target_id,before,after,detail');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',UserUpdated,1,1,root,127.0.0.1,user,');
    expect(lines[2]).toContain(',OptionUpdated,1,1,root,127.0.0.1,option,SystemName,');
    expect(lines[2]).toContain('""value"":""One, \\""quoted\\""""');
  });

  it('says so when the state before a write could not be read, rather than recording that there was none', async () => {
    const { root, alice, last, deps } = await setup();
    const byId = deps.users.byId.bind(deps.users);
    let failures = 1; // alice's first read: the audit's look before the write
    deps.users.byId = async (id) => {
      if (id === alice.userId && failures-- > 0) throw new Error('documents store unavailable');
      return byId(id);
    };
    await must(root, 'PUT', '/api/user/', { id: alice.userId, quota: 700 });
    const event = await last();
    expect(event.before).toEqual({ unreadable: 'documents store unavailable' });
    expect(event.after).toMatchObject({ username: 'alice' });
  });
});
