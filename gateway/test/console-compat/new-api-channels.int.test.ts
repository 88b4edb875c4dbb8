import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, type Session } from '../api-app.js';
import { type OpenAIAccountMock, startOpenAIAccountMock } from '../mock-upstream/openai/openai-account-mock.js';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';

/**
 * Today's new-api console against Tollgate: each call its channels page makes (web/src/hooks/channels/useChannelsData.jsx,
 * modals/EditChannelModal.jsx, EditTagModal.jsx, MultiKeyManageModal.jsx, BatchTagModal.jsx, ChannelUpstreamUpdateModal.jsx),
 * with the console's own paths, queries and bodies, answers success and the fields the page reads.
 */
let mocks: (OpenAIMock | OpenAIAccountMock)[] = [];
afterEach(async () => {
  await Promise.all(mocks.map((mock) => mock.close()));
  mocks = [];
});

interface ChannelRow { id: number; name: string; tag: string; status: number; priority: number; weight: number; group: string; used_quota: number; response_time: number; channel_info: { is_multi_key: boolean; multi_key_size: number; multi_key_status_list?: Record<string, number> } }
interface Page { items: ChannelRow[]; total: number; type_counts: Record<string, number> }

/** A successful call's data, the failure's message shown otherwise (the console shows it as an error toast). */
async function must<T>(root: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object): Promise<{ data: T; raw: Record<string, unknown> }> {
  const answer = await root.call<T>(method, url, body);
  expect({ url, status: answer.status, success: answer.body.success, message: answer.body.message }).toEqual({ url, status: 200, success: true, message: answer.body.success ? answer.body.message : '(success)' });
  return { data: answer.body.data, raw: answer.body as unknown as Record<string, unknown> };
}

async function consoleOnTollgate() {
  const account = await startOpenAIAccountMock({ key: 'sk-account', models: ['gpt-4o', 'gpt-4.1'], hardLimitUsd: 20, totalUsageCents: 500 });
  const chat = await startOpenAIMock({ promptTokens: 3, completionTokens: 2 });
  mocks.push(account, chat);
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  return { ...harness, root, account, chat };
}

/** EditChannelModal's submit for a new channel: `{ mode, multi_key_mode, channel }`. */
const newChannel = (base: string, fields: Record<string, unknown>) => ({
  type: 1, key: 'sk-account', base_url: base, models: 'gpt-4o', group: 'default', model_mapping: '', status_code_mapping: '', test_model: '', auto_ban: 1, priority: 0, weight: 0,
  tag: '', remark: '', setting: '{}', settings: '{}', param_override: '', header_override: '', other: '', ...fields,
});

describe("new-api's channels page on Tollgate", () => {
  it('lists, searches and edits channels and tags as the table and the tag modals do', async () => {
    const { root, account, chat } = await consoleOnTollgate();
    await must(root, 'POST', '/api/channel/', { mode: 'single', channel: newChannel(account.url, { name: 'acct', tag: 'team', remark: 'billing account', param_override: '{"temperature":0.2}', header_override: '{"X-Team":"a"}' }) });
    await must(root, 'POST', '/api/channel/', { mode: 'batch', batch_add_set_key_prefix_2_name: false, channel: newChannel(chat.url, { name: 'chat', key: 'sk-one\nsk-two', tag: 'team', models: 'gpt-4o-mini' }) });
    const list = await must<Page>(root, 'GET', '/api/channel/?p=1&page_size=10&id_sort=false&tag_mode=false');
    expect(list.data.total).toBe(3);
    expect(list.data.type_counts).toEqual({ 1: 3 });
    const [acct, chatA] = [list.data.items.find((c) => c.name === 'acct')!, list.data.items.find((c) => c.name.startsWith('chat'))!];
    expect(acct).toMatchObject({ tag: 'team', status: 1, priority: 0, weight: 0, group: 'default', used_quota: 0, response_time: 0 });
    const tagged = await must<Page>(root, 'GET', '/api/channel/?p=1&page_size=10&id_sort=true&tag_mode=true&type=1&status=enabled');
    expect(tagged.data.items.map((c) => c.tag)).toEqual(['team', 'team', 'team']);
    const found = await must<Page>(root, 'GET', '/api/channel/search?keyword=acct&group=&model=&id_sort=false&tag_mode=false&p=1&page_size=10');
    expect(found.data.items.map((c) => c.id)).toEqual([acct.id]);
    expect(found.data.type_counts).toEqual({ 1: 1 });

    // The edit modal's load and the fields it fills; its model group menu (new-api's prefill groups: Tollgate keeps none).
    expect((await must<unknown[]>(root, 'GET', '/api/prefill_group?type=model')).data).toEqual([]);
    const shown = await must<Record<string, unknown>>(root, 'GET', `/api/channel/${acct.id}`);
    expect(shown.data).toMatchObject({ id: acct.id, tag: 'team', remark: 'billing account', param_override: '{"temperature":0.2}', header_override: '{"X-Team":"a"}', base_url: account.url, models: 'gpt-4o' });
    expect(shown.data).not.toHaveProperty('key', 'sk-account');
    // Fetching the upstream's models: of a saved channel, and of the form before it is saved (root only).
    expect((await must<string[]>(root, 'GET', `/api/channel/fetch_models/${acct.id}`)).data).toEqual(['gpt-4o', 'gpt-4.1']);
    expect((await must<string[]>(root, 'POST', '/api/channel/fetch_models', { base_url: account.url, type: 1, key: 'sk-account' })).data).toEqual(['gpt-4o', 'gpt-4.1']);
    await must(root, 'PUT', '/api/channel/', { ...shown.data, remark: 'renamed note', setting: '{"force_format":true}', key: '' });
    // new-api's param override editor also saves path operations: well-formed ones are kept, a broken one refused by what is wrong.
    const operations = JSON.stringify({ operations: [{ path: 'temperature', mode: 'set', value: 0.2 }] });
    await must(root, 'PUT', '/api/channel/', { id: acct.id, param_override: operations });
    const broken = JSON.stringify({ operations: [{ path: 'temperature', mode: 'explode' }] });
    expect((await root.call('PUT', '/api/channel/', { id: acct.id, param_override: broken })).body).toEqual({ success: false, message: 'param_override.operations[0] has an unknown mode "explode"' });
    // The key shown to the super administrator.
    expect((await must<{ key: string }>(root, 'POST', `/api/channel/${acct.id}/key`, {})).data.key).toBe('sk-account');

    // The upstream update dialogs: watching on, detect one, apply the admin's choice, then detect and apply all.
    await must(root, 'PUT', '/api/channel/', { id: acct.id, settings: JSON.stringify({ upstream_model_update_check_enabled: true }) });
    const detected = await must<{ add_models: string[]; remove_models: string[] }>(root, 'POST', '/api/channel/upstream_updates/detect', { id: acct.id });
    expect(detected.data).toMatchObject({ add_models: ['gpt-4.1'], remove_models: [] });
    const applied = await must<Record<string, string[]>>(root, 'POST', '/api/channel/upstream_updates/apply', { id: acct.id, add_models: ['gpt-4.1'], ignore_models: [], remove_models: [] });
    expect(applied.data).toMatchObject({ added_models: ['gpt-4.1'], removed_models: [], ignored_models: [] });
    const detectedAll = await must<Record<string, unknown>>(root, 'POST', '/api/channel/upstream_updates/detect_all');
    expect(detectedAll.data).toMatchObject({ processed_channels: 1, detected_add_models: 0, detected_remove_models: 0, failed_channel_ids: [] });
    const appliedAll = await must<Record<string, unknown>>(root, 'POST', '/api/channel/upstream_updates/apply_all');
    expect(appliedAll.data).toMatchObject({ processed_channels: expect.any(Number), added_models: 0, failed_channel_ids: [] });

    // The row actions: status, priority, weight, test, balance, copy.
    expect((await must<{ status: number }>(root, 'PUT', '/api/channel/', { id: acct.id, status: 2 })).data.status).toBe(2);
    await must(root, 'PUT', '/api/channel/', { id: acct.id, status: 1 });
    await must(root, 'PUT', '/api/channel/', { id: acct.id, priority: 5 });
    await must(root, 'PUT', '/api/channel/', { id: acct.id, weight: 3 });
    const tested = await must(root, 'GET', `/api/channel/test/${chatA.id}?model=gpt-4o-mini&endpoint_type=openai&stream=true`);
    expect(typeof tested.raw.time).toBe('number');
    expect((await must(root, 'GET', `/api/channel/update_balance/${acct.id}/`)).raw.balance).toBe(15);
    await must(root, 'POST', `/api/channel/copy/${acct.id}`);

    // Tag mode: its models, its edit (models, groups, overrides; a new name), its switches; a batch tag.
    expect((await must<string>(root, 'GET', '/api/channel/tag/models?tag=team')).data).toBe('gpt-4o,gpt-4.1');
    await must(root, 'PUT', '/api/channel/tag', { tag: 'team', new_tag: 'crew', model_mapping: '{"a":"b"}', groups: 'default,vip', models: 'gpt-4o,gpt-4.1', param_override: '{"top_p":0.5}', header_override: '' });
    await must(root, 'PUT', '/api/channel/tag', { tag: 'crew', priority: 2 });
    await must(root, 'POST', '/api/channel/tag/disabled', { tag: 'crew' });
    await must(root, 'POST', '/api/channel/tag/enabled', { tag: 'crew' });
    expect((await must<number>(root, 'POST', '/api/channel/batch/tag', { ids: [acct.id, chatA.id], tag: 'solo' })).data).toBe(2);
    const after = await must<Record<string, unknown>>(root, 'GET', `/api/channel/${acct.id}`);
    expect(after.data).toMatchObject({ tag: 'solo', group: 'default,vip', priority: 2, param_override: '{"top_p":0.5}', remark: 'renamed note' });

    // The toolbar: groups, models, test all, balances, fix abilities, delete disabled, batch delete.
    expect((await must<string[]>(root, 'GET', '/api/group/')).data).toContain('default');
    expect((await must<{ id: string }[]>(root, 'GET', '/api/channel/models')).data.length).toBeGreaterThan(0);
    await must(root, 'GET', '/api/channel/update_balance');
    const fixed = await must<{ success: number; fails: number }>(root, 'POST', '/api/channel/fix');
    expect(fixed.data).toEqual({ success: 4, fails: 0 });
    await must(root, 'PUT', '/api/channel/', { id: chatA.id, status: 2 });
    expect((await must<number>(root, 'DELETE', '/api/channel/disabled')).data).toBe(1);
    await must(root, 'DELETE', `/api/channel/${acct.id}/`);
    const rest = (await must<Page>(root, 'GET', '/api/channel/?p=1&page_size=10&id_sort=false&tag_mode=false')).data.items;
    expect(rest).toHaveLength(2);
    expect((await must<number>(root, 'POST', '/api/channel/batch', { ids: rest.map((c) => c.id) })).data).toBe(2);
    expect((await must<Page>(root, 'GET', '/api/channel/?p=1&page_size=10')).data.total).toBe(0);
  });

  it('creates a multi-key channel and manages its keys as the multi-key modal does', async () => {
    const { root, chat, deps } = await consoleOnTollgate();
    await must(root, 'POST', '/api/channel/', { mode: 'multi_to_single', multi_key_mode: 'polling', channel: newChannel(chat.url, { name: 'keys', key: 'sk-a\nsk-b\nsk-c' }) });
    const [row] = (await must<Page>(root, 'GET', '/api/channel/?p=1&page_size=10&id_sort=false&tag_mode=false')).data.items;
    expect(row?.channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 3 });
    const id = row!.id;
    const manage = (action: string, extra: object = {}) => must<Record<string, unknown>>(root, 'POST', '/api/channel/multi_key/manage', { channel_id: id, action, ...extra });
    await manage('disable_key', { key_index: 1 });
    const status = await manage('get_key_status', { page: 1, page_size: 10 });
    expect(status.data).toMatchObject({ total: 3, page: 1, page_size: 10, total_pages: 1, enabled_count: 2, manual_disabled_count: 1, auto_disabled_count: 0 });
    expect((status.data.keys as { index: number; status: number }[]).map((k) => [k.index, k.status])).toEqual([[0, 1], [1, 2], [2, 1]]);
    expect((await manage('get_key_status', { page: 1, page_size: 10, status: 2 })).data).toMatchObject({ total: 1 });
    await manage('enable_key', { key_index: 1 });
    await manage('disable_all_keys');
    await manage('enable_all_keys');
    await manage('delete_key', { key_index: 2 });
    // "Delete disabled keys" removes the keys the relay switched off (status 3), as new-api: here the second key.
    const before = (await deps.channels.byId(id))!;
    await deps.channels.update(id, { channelInfo: JSON.stringify({ ...JSON.parse(before.channelInfo), multi_key_status_list: { 1: 3 }, multi_key_disabled_reason: { 1: 'status code 401' } }) });
    expect((await manage('get_key_status', { page: 1, page_size: 10 })).data).toMatchObject({ auto_disabled_count: 1 });
    await manage('delete_disabled_keys');
    expect((await manage('get_key_status', { page: 1, page_size: 10 })).data).toMatchObject({ total: 1, enabled_count: 1 });
    // The edit modal appends keys to a multi-key channel.
    const shown = await must<Record<string, unknown>>(root, 'GET', `/api/channel/${id}`);
    await must(root, 'PUT', '/api/channel/', { ...shown.data, key: 'sk-d\nsk-e', key_mode: 'append' });
    await manage('disable_key', { key_index: 0 });
    // The table's "enable all" sends channel_info back with an empty status list: new-api's UpdateChannel keeps the stored
    // channel_info whatever the client sends, so the call succeeds and the keys keep their states.
    const info = (await must<ChannelRow>(root, 'GET', `/api/channel/${id}`)).data.channel_info;
    await must(root, 'PUT', '/api/channel/', { id, channel_info: { ...info, multi_key_status_list: {} } });
    expect((await manage('get_key_status', { page: 1, page_size: 10 })).data).toMatchObject({ total: 3, enabled_count: 2, manual_disabled_count: 1 });
  });
});
