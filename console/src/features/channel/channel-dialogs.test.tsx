import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { ChannelPage } from './page';

vi.mock('../../live/socket', () => ({ connectSocket: () => fakeSocket().connect() }));

const SLOW_UI = { timeout: 20_000 };
const info = { is_multi_key: true, multi_key_size: 3, multi_key_status_list: { '1': 3 }, multi_key_polling_index: 0, multi_key_mode: 'polling' };
const channel = (id: number, extra: object = {}) => ({ id, type: 1, name: `ch${id}`, status: 1, base_url: '', other: '', models: 'gpt-4o', group: 'default', model_mapping: '', status_code_mapping: '', openai_organization: '', test_model: '', auto_ban: 1, priority: 0, weight: 0, balance: 0, used_quota: 0, response_time: 0, test_time: 0, created_time: 0, other_info: '', settings: '', ...extra });
const pending = JSON.stringify({ upstream_model_update_check_enabled: true, upstream_model_update_last_detected_models: ['gpt-5', 'o3'], upstream_model_update_last_removed_models: ['gpt-3.5'] });
const rows = [channel(2, { channel_info: info }), channel(1, { settings: pending })];
const common = { '/api/channel/?': { items: rows, total: 2, page: 1, page_size: 10 }, '/api/group/': ['default'], '/api/status': {} };
/** The action a call to multi_key/manage asked for. */
const actionOf = (body: unknown) => (body as { action?: string } | undefined)?.action;
const row = (id: number) => screen.getAllByTestId('channel-row').find((r) => r.dataset.channelId === String(id)) as HTMLElement;
const keyPage = { keys: [{ index: 0, status: 1, key_preview: 'sk-aaaa...' }, { index: 1, status: 3, key_preview: 'sk-bbbb...', reason: 'status code 401', disabled_time: 1_700_000_000 }, { index: 2, status: 1, key_preview: 'sk-cccc...' }], total: 3, page: 1, page_size: 10, total_pages: 1, enabled_count: 2, manual_disabled_count: 0, auto_disabled_count: 1 };

describe('channel dialogs: a multi-key channel\'s keys and a channel\'s upstream model updates', SLOW_UI, () => {
  it('lists a multi-key channel\'s keys with their status and reason, and switches and deletes them through multi_key/manage', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/multi_key/manage': keyPage });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    expect(within(row(1)).queryByRole('button', { name: '密钥管理' })).toBeNull(); // a single-key channel has none
    fireEvent.click(within(row(2)).getByRole('button', { name: '密钥管理' }));
    const dialog = await screen.findByRole('dialog');
    const keys = await within(dialog).findAllByTestId('channel-key-row');
    expect(keys.map((k) => within(k).getAllByRole('cell')[2]?.textContent)).toEqual(['已启用', '自动禁用', '已启用']);
    expect(keys[1]?.textContent).toContain('status code 401');
    expect(within(dialog).getByTestId('channel-key-counts').textContent).toBe('启用 2 · 手动禁用 0 · 自动禁用 1');
    fireEvent.click(within(keys[0]!).getByRole('button', { name: '禁用' }));
    fireEvent.click(within(keys[1]!).getByRole('button', { name: '启用' }));
    fireEvent.click(within(keys[2]!).getByRole('button', { name: '删除' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '删除自动禁用的密钥' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/channel/multi_key/manage' && actionOf(c.body) !== 'get_key_status').map((c) => c.body)).toEqual([
      { channel_id: 2, action: 'disable_key', key_index: 0 },
      { channel_id: 2, action: 'enable_key', key_index: 1 },
      { channel_id: 2, action: 'delete_key', key_index: 2 },
      { channel_id: 2, action: 'delete_disabled_keys' },
    ]));
    expect(calls.find((c) => actionOf(c.body) === 'get_key_status')?.body).toEqual({ channel_id: 2, action: 'get_key_status', page: 1, page_size: 10, status: null });
  });

  it('shows a channel\'s pending upstream changes on its row and applies the admin\'s choice: added, ignored, removed', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/upstream_updates/apply': {}, 'POST /api/channel/upstream_updates/detect': { add_models: [], remove_models: [] } });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    expect(within(row(2)).queryByRole('button', { name: /上游/ })).toBeNull(); // detection off, nothing pending
    fireEvent.click(within(row(1)).getByRole('button', { name: '上游更新 +2 / -1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('o3'), { target: { value: 'ignore' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '检测上游模型' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '应用' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/channel/upstream_updates/apply')?.body).toEqual({ id: 1, add_models: ['gpt-5'], ignore_models: ['o3'], remove_models: ['gpt-3.5'] }));
    expect(calls.find((c) => c.url === '/api/channel/upstream_updates/detect')?.body).toEqual({ id: 1 });
  });

  it('checks and applies every upstream from the toolbar', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/upstream_updates/detect_all': { processed_channels: 3, detected_add_models: 4, detected_remove_models: 1 }, 'POST /api/channel/upstream_updates/apply_all': { processed_channels: 2 } });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    fireEvent.click(screen.getByRole('button', { name: '检测全部上游更新' }));
    expect(await screen.findByText('已检测 3 个渠道：新增 4，移除 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '应用全部上游更新' }));
    expect(await screen.findByText('已更新 2 个渠道的模型')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(expect.arrayContaining(['POST /api/channel/upstream_updates/detect_all', 'POST /api/channel/upstream_updates/apply_all']));
  });
});
