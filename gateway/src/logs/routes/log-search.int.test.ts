import type { LogRow } from '@tollgate/analytics';
import { describe, expect, it } from 'vitest';
import { chdbHoldingLogs } from '../../../test/support/engines/chdb-logs.js';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { newChannel } from '../../ports/documents/channel-store.contract.js';
import { createAnalyticsLogReader } from '../../adapters/analytics/analytics-log-reader.js';
import { TokenStatus } from '../../ports/documents/token-store.js';
import { UserStatus } from '../../ports/documents/user-store.js';

/** 2024-06-01T00:00:00Z. */
const t0 = 1_717_200_000;
const ALICE = 2;
const BOB = 3;
const ALICE_KEY_ID = 1;
const OTHER = JSON.stringify({ model_ratio: 1, admin_info: { use_channel: ['1'] } });

function logRow(row: Partial<LogRow> & Pick<LogRow, 'id' | 'created_at'>): LogRow {
  return {
    type: 2, user_id: ALICE, username: 'alice', token_id: ALICE_KEY_ID, token_name: 'main', channel_id: 1, model_name: 'gpt-4o', quota: 10,
    prompt_tokens: 3, completion_tokens: 2, use_time: 1, is_stream: false, content: '', other: OTHER, group: 'default', ...row,
  };
}

const fixture: LogRow[] = [
  logRow({ id: 'a1', created_at: t0 }),
  logRow({ id: 'a2', created_at: t0 + 60, model_name: 'gpt-4o-mini', quota: 20, channel_id: 2 }),
  logRow({ id: 'a3', created_at: t0 + 120, model_name: 'claude-3', quota: 40, token_id: 9, token_name: 'side' }),
  logRow({ id: 'a4', created_at: t0 + 180, type: 1, model_name: '', quota: 500, token_id: 0, token_name: '', channel_id: 0, content: '通过兑换码充值 $1' }),
  logRow({ id: 'b1', created_at: t0 + 240, user_id: BOB, username: 'bob', token_id: 5, model_name: 'gpt-4o_x', quota: 80 }),
  logRow({ id: 'b2', created_at: t0 + 300, user_id: BOB, username: 'bob', token_id: 5, type: 3, model_name: '', quota: 7, channel_id: 0, content: '管理员调整额度' }),
];

const querier = chdbHoldingLogs('log-search', fixture);

/** The API over chdb analytics holding the fixture: channels 1 and 2 named, alice and bob with the fixture's ids, alice's key 1. */
async function harness() {
  const built = await buildApiHarness();
  built.deps.logs = createAnalyticsLogReader(querier());
  await built.deps.channels.create(newChannel({ name: 'east' }));
  await built.deps.channels.create(newChannel({ name: 'west' }));
  const root = await login(built.app, 'root', ROOT_PASSWORD);
  const alice = await signUp(built.app, 'alice');
  const bob = await signUp(built.app, 'bob');
  expect([alice.userId, bob.userId]).toEqual([ALICE, BOB]);
  const key = await built.deps.tokens.create({
    userId: ALICE, key: 'k'.repeat(48), name: 'main', status: TokenStatus.Enabled, createdTime: t0, accessedTime: t0, expiredTime: -1,
    unlimitedQuota: false, modelLimitsEnabled: false, modelLimits: [], allowIps: [], group: '',
  });
  expect(key.id).toBe(ALICE_KEY_ID);
  return { ...built, root, alice, bob };
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);
type Listed = { items: (LogRow & { channel?: number; channel_name: string })[] };

describe('log list and stats: model_name as new-api\'s LIKE, rows with channel_name and token_id', () => {
  it('GET /api/log/ matches % and _ as wildcards, names each row\'s channel and carries its key id', async () => {
    const { root } = await harness();
    const list = async (model: string) => (await root.call<Listed>('GET', `/api/log/?p=1&page_size=50&model_name=${encodeURIComponent(model)}`)).body;
    expect(ids((await list('gpt-4o%')).data.items)).toEqual(['b1', 'a2', 'a1']);
    expect(ids((await list('gpt-4o_x')).data.items)).toEqual(['b1']);
    expect(ids((await list('gpt-4o')).data.items)).toEqual(['a1']);
    // A backslash at the end reads as itself, as MySQL's LIKE does, never a failed query.
    expect(await list('gpt\\')).toEqual({ success: true, message: '', data: expect.objectContaining({ items: [], total: 0 }) });
    const rows = (await list('%')).data.items;
    expect(rows.find((row) => row.id === 'a2')).toMatchObject({ channel: 2, channel_name: 'west', token_id: ALICE_KEY_ID });
    expect(rows.find((row) => row.id === 'b2')).toMatchObject({ channel: 0, channel_name: '', token_id: 5 });
  });

  it('GET /api/log/self/ filters the user\'s own rows by pattern; rows carry token_id and an empty channel_name', async () => {
    const { alice } = await harness();
    const { body } = await alice.call<Listed>('GET', '/api/log/self/?p=1&page_size=50&model_name=%25o%25');
    expect(ids(body.data.items)).toEqual(['a2', 'a1']);
    expect(body.data.items[0]).toMatchObject({ token_id: ALICE_KEY_ID, channel_name: '' });
    expect(body.data.items[0]).not.toHaveProperty('channel');
  });

  it('GET /api/log/stat sums the consume rows the pattern matches', async () => {
    const { root } = await harness();
    expect((await root.call('GET', '/api/log/stat?model_name=gpt-4o%25')).body.data).toMatchObject({ quota: 110 });
    expect((await root.call('GET', '/api/log/stat?model_name=claude%25&username=alice')).body.data).toMatchObject({ quota: 40 });
  });

  it('GET /api/log/self/stat sums only the user\'s rows the pattern matches', async () => {
    const { alice, bob } = await harness();
    expect((await alice.call('GET', '/api/log/self/stat?model_name=gpt%25')).body.data).toMatchObject({ quota: 30 });
    expect((await bob.call('GET', '/api/log/self/stat?model_name=gpt%25')).body.data).toMatchObject({ quota: 80 });
  });
});

describe('log keyword search (new-api\'s)', () => {
  it('GET /api/log/search: administrators find rows by type or by the start of their content, newest first', async () => {
    const { root, alice } = await harness();
    const byType = await root.call<Listed['items']>('GET', '/api/log/search?keyword=2');
    expect(ids(byType.body.data)).toEqual(['b1', 'a3', 'a2', 'a1']);
    expect(byType.body.data[0]).toMatchObject({ channel_name: 'east', token_id: 5 });
    expect(ids((await root.call<Listed['items']>('GET', `/api/log/search?keyword=${encodeURIComponent('管理员')}`)).body.data)).toEqual(['b2']);
    expect((await root.call('GET', `/api/log/search?keyword=${encodeURIComponent('%')}`)).body.data).toHaveLength(6);
    expect((await alice.call('GET', '/api/log/search?keyword=2')).status).toBe(403);
  });

  it('GET /api/log/self/search: a user finds their own rows of the keyword\'s type, without admin_info', async () => {
    const { alice } = await harness();
    const { body } = await alice.call<Listed['items']>('GET', '/api/log/self/search?keyword=1');
    expect(ids(body.data)).toEqual(['a4']);
    expect(ids((await alice.call<Listed['items']>('GET', `/api/log/self/search?keyword=${encodeURIComponent('通过')}`)).body.data)).toEqual([]);
    const consume = (await alice.call<Listed['items']>('GET', '/api/log/self/search?keyword=2')).body.data;
    expect(ids(consume)).toEqual(['a3', 'a2', 'a1']);
    expect(JSON.parse(consume[0]?.other ?? '')).toEqual({ model_ratio: 1 });
  });
});

describe('GET /api/log/token (usage by key, read with the key)', () => {
  it('answers the key\'s own rows, newest first, as user rows; refuses a missing or unknown key and a banned owner', async () => {
    const { app, deps } = await harness();
    const get = (authorization?: string) => app.inject({ method: 'GET', url: '/api/log/token', headers: authorization ? { authorization } : {} });
    const read = await get(`Bearer sk-${'k'.repeat(48)}`);
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body).toMatchObject({ success: true, message: '' });
    expect(ids(body.data)).toEqual(['a2', 'a1']);
    expect(body.data[0]).not.toHaveProperty('channel');
    expect(JSON.parse(body.data[0].other)).toEqual({ model_ratio: 1 });
    // Read-only: a key that can no longer call still reads its usage.
    await deps.tokens.update(ALICE_KEY_ID, { status: TokenStatus.Exhausted });
    expect(ids((await get(`Bearer ${'k'.repeat(48)}`)).json().data)).toEqual(['a2', 'a1']);
    expect([(await get()).statusCode, (await get()).json()]).toEqual([401, { success: false, message: '未提供令牌' }]);
    // Other sites' pages may read it from the browser: the preflight and both answers allow any origin.
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/log/token', headers: { origin: 'https://balance.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect([preflight.statusCode, preflight.headers['access-control-allow-origin'], preflight.headers['access-control-allow-headers']]).toEqual([204, '*', 'Authorization']);
    expect([read.headers['access-control-allow-origin'], (await get()).headers['access-control-allow-origin']]).toEqual(['*', '*']);
    expect((await get('Bearer sk-unknown')).json()).toEqual({ success: false, message: '无效的令牌' });
    await deps.users.update(ALICE, { status: UserStatus.Disabled });
    expect([(await get(`Bearer sk-${'k'.repeat(48)}`)).statusCode, (await get(`Bearer sk-${'k'.repeat(48)}`)).json().message]).toEqual([403, '用户已被封禁']);
  });
});
