import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';
import { channelInfoOf, keysOf } from '../multi-key/channel-info.js';
import { disableKeyAutomatically } from '../multi-key/key-status.js';

const channel = { name: 'pool', type: 1, key: 'sk-aaaaaaaaaaaa-0\nsk-aaaaaaaaaaaa-1\n\nsk-aaaaaaaaaaaa-2\nsk-aaaaaaaaaaaa-3', base_url: '', models: 'gpt-4o', group: 'default', model_mapping: '' };

async function withPool() {
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const created = await root.call<number[]>('POST', '/api/channel/', { mode: 'multi_to_single', multi_key_mode: 'polling', channel });
  const id = created.body.data[0] ?? 0;
  const manage = (action: string, extra: object = {}) => root.call<unknown>('POST', '/api/channel/multi_key/manage', { channel_id: id, action, ...extra });
  return { ...harness, root, id, manage };
}

describe('multi-key channels (new-api multi_to_single and /api/channel/multi_key/manage)', () => {
  it('makes one channel of every key line, and lists its keys by preview only', async () => {
    const { root, deps, id, manage } = await withPool();
    const stored = await deps.channels.byId(id);
    expect(keysOf(stored ?? ({} as never))).toEqual(['sk-aaaaaaaaaaaa-0', 'sk-aaaaaaaaaaaa-1', 'sk-aaaaaaaaaaaa-2', 'sk-aaaaaaaaaaaa-3']);
    const read = await root.call<{ channel_info: object }>('GET', `/api/channel/${id}`);
    expect(read.body.data.channel_info).toEqual({ is_multi_key: true, multi_key_size: 4, multi_key_status_list: null, multi_key_polling_index: 0, multi_key_mode: 'polling' });
    const status = await manage('get_key_status', { page_size: 3 });
    expect(status.body.data).toMatchObject({ total: 4, page: 1, page_size: 3, total_pages: 2, enabled_count: 4, manual_disabled_count: 0, auto_disabled_count: 0 });
    expect((status.body.data as { keys: unknown[] }).keys[0]).toEqual({ index: 0, status: 1, key_preview: 'sk-aaaaaaa...' });
    expect(JSON.stringify(status.body)).not.toContain('sk-aaaaaaaaaaaa-0');
  });

  it('disables, enables, and deletes keys, moving the statuses of the keys kept', async () => {
    const { deps, id, manage } = await withPool();
    expect((await manage('disable_key', { key_index: 1 })).body).toEqual({ success: true, message: '密钥已禁用' });
    await disableKeyAutomatically(deps, id, 3, 'status code 401', 1_700_000_000_000);
    const counts = (await manage('get_key_status')).body.data;
    expect(counts).toMatchObject({ enabled_count: 2, manual_disabled_count: 1, auto_disabled_count: 1 });
    expect((await manage('get_key_status', { status: 3 })).body.data).toMatchObject({ keys: [{ index: 3, status: 3, reason: 'status code 401', disabled_time: 1_700_000_000 }] });
    // Deleting key 0 moves key 1's manual and key 3's automatic status to indexes 0 and 2.
    expect((await manage('delete_key', { key_index: 0 })).body.message).toBe('密钥已删除');
    let stored = await deps.channels.byId(id);
    expect(channelInfoOf(stored ?? ({} as never))).toMatchObject({ multi_key_size: 3, multi_key_status_list: { '0': 2, '2': 3 }, multi_key_disabled_reason: { '2': 'status code 401' } });
    expect((await manage('delete_disabled_keys')).body).toEqual({ success: true, message: '已删除 1 个自动禁用的密钥', data: 1 });
    stored = await deps.channels.byId(id);
    expect(stored?.key).toBe('sk-aaaaaaaaaaaa-1\nsk-aaaaaaaaaaaa-2');
    expect((await manage('enable_all_keys')).body.message).toBe('已启用 1 个密钥');
    expect((await manage('disable_all_keys')).body.message).toBe('已禁用 2 个密钥');
    expect((await manage('disable_all_keys')).body).toEqual({ success: false, message: '没有可禁用的密钥' });
    expect((await manage('enable_key', { key_index: 1 })).body.message).toBe('密钥已启用');
    expect(channelInfoOf((await deps.channels.byId(id)) ?? ({} as never)).multi_key_status_list).toEqual({ '0': 2 });
  });

  it("refuses what new-api refuses: a bad index, the last key, an unknown action, a single-key channel", async () => {
    const { root, manage } = await withPool();
    expect((await manage('disable_key', { key_index: 9 })).body).toEqual({ success: false, message: '密钥索引超出范围' });
    expect((await manage('enable_key')).body).toEqual({ success: false, message: '未指定要启用的密钥索引' });
    expect((await manage('explode')).body).toEqual({ success: false, message: '不支持的操作' });
    for (const _ of [0, 1, 2]) await manage('delete_key', { key_index: 0 });
    expect((await manage('delete_key', { key_index: 0 })).body).toEqual({ success: false, message: '不能删除最后一个密钥' });
    const [single] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...channel, key: 'sk-one' } })).body.data;
    expect((await root.call('POST', '/api/channel/multi_key/manage', { channel_id: single, action: 'get_key_status' })).body).toEqual({ success: false, message: '该渠道不是多密钥模式' });
  });

  it('appends keys without touching their statuses, or replaces them all enabled, and switches the mode', async () => {
    const { root, deps, id, manage } = await withPool();
    await manage('disable_key', { key_index: 2 });
    await root.call('PUT', '/api/channel/', { id, key: 'sk-aaaaaaaaaaaa-3\nsk-new', key_mode: 'append', multi_key_mode: 'random' });
    let stored = await deps.channels.byId(id);
    expect(keysOf(stored ?? ({} as never))).toHaveLength(5);
    expect(channelInfoOf(stored ?? ({} as never))).toMatchObject({ multi_key_size: 5, multi_key_mode: 'random', multi_key_status_list: { '2': 2 } });
    await root.call('PUT', '/api/channel/', { id, key: 'sk-only-a\nsk-only-b', key_mode: 'replace' });
    stored = await deps.channels.byId(id);
    expect(stored?.key).toBe('sk-only-a\nsk-only-b');
    expect(channelInfoOf(stored ?? ({} as never))).toMatchObject({ multi_key_size: 2, multi_key_status_list: {} });
  });
});
