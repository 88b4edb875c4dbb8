import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { expectViewKeptPerUser, VIEW_TEST_MS } from '../../test/table-view';
import { ChannelPage } from './page';

const live = vi.hoisted(() => ({ socket: undefined as ReturnType<typeof fakeSocket> | undefined }));
vi.mock('../../live/socket', () => ({
  connectSocket: () => {
    live.socket = fakeSocket();
    return live.socket.connect();
  },
}));

/** Many-step flows in jsdom; the shared 2-core machines run them well past the 5 s default. */
const SLOW_UI = { timeout: 20_000 };
const channel = (id: number, extra: object = {}) => ({ id, type: 1, name: `ch${id}`, status: 1, base_url: '', other: '', models: 'gpt-4o,o1', group: 'default', model_mapping: '', status_code_mapping: '', openai_organization: '', test_model: '', auto_ban: 1, priority: 0, weight: 0, balance: 1.5, used_quota: 0, response_time: 0, test_time: 0, created_time: 0, other_info: '', ...extra });
const rows = [
  channel(4, { response_time: 800 }),
  channel(3, { type: 99, status: 3, response_time: 2500, other_info: JSON.stringify({ status_reason: 'status code 401', status_time: 1_700_000_000 }) }),
  channel(2, { type: 41, status: 2, response_time: 4000 }),
  channel(1, { type: 15, response_time: 9000 }),
];
const page = { items: rows, total: 4, page: 1, page_size: 10 };
const common = { '/api/channel/?': page, '/api/group/': ['default', 'vip'], '/api/status': {} };
const row = (id: number) => screen.getAllByTestId('channel-row').find((r) => r.dataset.channelId === String(id)) as HTMLElement;
const click = (name: string, within_: HTMLElement = document.body) => fireEvent.click(within(within_).getByRole('button', { name }));

describe('ChannelPage', SLOW_UI, () => {
  it('shows type names (unknown ones too), status with the auto-disable reason, coloured response times, greyed disabled rows', async () => {
    signIn(100);
    const calls = stubApi(common);
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    expect(['OpenAI', '未知类型', 'Vertex AI', '百度文心千帆'].map((name, i) => within(row(4 - i)).getAllByRole('cell')[3]?.textContent)).toEqual(['OpenAI', '未知类型', 'Vertex AI', '百度文心千帆']);
    const status = within(row(3)).getByTestId('channel-status');
    expect(status.textContent).toBe('自动禁用');
    expect(status.getAttribute('title')).toMatch(/^原因：status code 401，时间：2023-11-1\d /);
    expect(within(row(2)).getByTestId('channel-status').textContent).toBe('已禁用');
    const colours = [4, 3, 2, 1].map((id) => within(row(id)).getByTestId('channel-response-time').className.match(/bg-(\w+)-100/)?.[1]);
    expect(colours).toEqual(['emerald', 'lime', 'yellow', 'rose']);
    expect(within(row(4)).getByTestId('channel-response-time').textContent).toBe('0.80 秒');
    expect(row(2).className).toContain('opacity-60');
    expect(row(4).className).not.toContain('opacity-60');
    expect(calls.map((c) => c.url)).toContain('/api/channel/?p=1&page_size=10&id_sort=false');
  });

  it('tests a channel and shows the time, also with a chosen model', async () => {
    signIn(100);
    const calls = stubApi({ ...common, '/api/channel/test/4': { reply: { fields: { time: 1.5 } } } });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    click('测试', row(4));
    expect(await screen.findByText('通道 ch4 测试成功，耗时 1.50 秒。')).toBeTruthy();
    fireEvent.click(within(row(4)).getByTestId('channel-test-model'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'o1' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/channel/test/4', '/api/channel/test/4?model=o1'])));
  });

  it('updates a balance, disables and enables, and edits priority and weight inline', async () => {
    signIn(100);
    const calls = stubApi({ ...common, '/api/channel/update_balance/4/': { reply: { fields: { balance: 3 } } }, 'PUT /api/channel/': channel(4) });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    fireEvent.click(within(row(4)).getByRole('button', { name: /更新余额/ }));
    expect(await screen.findByText('通道 ch4 余额更新成功！')).toBeTruthy();
    click('禁用', row(4));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 4, status: 2 }));
    click('启用', row(2));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toContainEqual({ id: 2, status: 1 }));
    const priority = within(row(4)).getByLabelText('优先级');
    fireEvent.change(priority, { target: { value: '-5000' } });
    fireEvent.blur(priority);
    const weight = within(row(4)).getByLabelText('权重');
    fireEvent.change(weight, { target: { value: '' } });
    fireEvent.blur(weight);
    fireEvent.change(weight, { target: { value: '-4' } });
    fireEvent.blur(weight);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ id: 4, status: 2 }, { id: 2, status: 1 }, { id: 4, priority: -999 }]));
    expect((weight as HTMLInputElement).value).toBe('0');
  });

  it('says why a test failed', async () => {
    signIn(100);
    stubApi({ ...common, '/api/channel/test/4': { reply: { success: false, message: 'status code 401', fields: { time: 0.2 } } } });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    click('测试', row(4));
    expect(await screen.findByText('status code 401')).toBeTruthy();
  });

  it('copies and deletes a row after confirming, and says when a copy fails', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/copy/4': { id: 5 }, 'POST /api/channel/copy/3': { reply: { success: false, message: '渠道不存在' } }, 'DELETE /api/channel/4/': null });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    click('复制', row(4));
    expect(await screen.findByText('复制渠道的所有信息')).toBeTruthy();
    click('复制', screen.getByRole('dialog'));
    expect(await screen.findByText('渠道复制成功')).toBeTruthy();
    click('复制', row(3));
    click('复制', await screen.findByRole('dialog'));
    expect(await screen.findByText('渠道复制失败：渠道不存在')).toBeTruthy();
    click('删除', row(4));
    expect(await screen.findByText('确定是否要删除此渠道？')).toBeTruthy();
    click('删除', screen.getByRole('dialog'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/channel/4/')).toBe(true));
  });

  it('tests all and updates all balances', async () => {
    signIn(100);
    const calls = stubApi({ ...common, '/api/channel/test': null, '/api/channel/update_balance': null });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    click('测试所有通道');
    expect(await screen.findByText('已成功开始测试所有已启用通道，请刷新页面查看结果。')).toBeTruthy();
    click('更新所有已启用通道余额');
    expect(await screen.findByText('已更新完毕所有已启用通道余额！')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(expect.arrayContaining(['GET /api/channel/test', 'GET /api/channel/update_balance']));
  });

  it('deletes disabled channels and repairs after confirming, with the counts', async () => {
    signIn(100);
    stubApi({ ...common, 'DELETE /api/channel/disabled': 2, 'POST /api/channel/fix': { success: 3, fails: 0 } });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    click('删除禁用通道');
    expect(await screen.findByText('此修改将不可逆')).toBeTruthy();
    click('删除', screen.getByRole('dialog'));
    expect(await screen.findByText('已删除所有禁用渠道，共计 2 个')).toBeTruthy();
    click('修复数据库一致性');
    expect(await screen.findByText('进行该操作时，可能导致渠道访问错误，请仅在数据库出现问题时使用')).toBeTruthy();
    click('修复数据库一致性', screen.getByRole('dialog'));
    expect(await screen.findByText('已修复 3 个通道！')).toBeTruthy();
  });

  it('batch-deletes the selected rows and refuses an empty selection', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/batch': 2 });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    fireEvent.click(screen.getByRole('switch', { name: '开启批量删除' }));
    click('删除所选通道（0）');
    expect(await screen.findByText('请先选择要删除的通道！')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('选择 ch4'));
    fireEvent.click(screen.getByLabelText('选择 ch2'));
    click('删除所选通道（2）');
    expect(calls.find((c) => c.url === '/api/channel/batch'), 'nothing is deleted before the confirmation').toBeUndefined();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除 2 个通道！')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/channel/batch')?.body).toEqual({ ids: [4, 2] });
  });

  it('searches by keyword, model and group, and remembers page size and id sort', async () => {
    signIn(100);
    localStorage.removeItem('page-size');
    localStorage.removeItem('id-sort');
    const calls = stubApi({ ...common, '/api/channel/search': { ...page, items: [rows[0]] } });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    fireEvent.click(screen.getByRole('switch', { name: '使用 ID 排序' }));
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '50' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/channel/?p=1&page_size=50&id_sort=true'));
    expect([localStorage.getItem('page-size'), localStorage.getItem('id-sort')]).toEqual(['50', 'true']);
    fireEvent.change(screen.getByLabelText('搜索渠道的 ID，名称和密钥 ...'), { target: { value: ' ch4 ' } });
    fireEvent.change(screen.getByLabelText('模型关键字'), { target: { value: 'gpt' } });
    fireEvent.change(await screen.findByRole('combobox', { name: '分组' }), { target: { value: 'vip' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/channel/search?keyword=ch4&group=vip&model=gpt'));
    await waitFor(() => expect(screen.getAllByTestId('channel-row')).toHaveLength(1));
  });

  it('refetches the list when the server says a channel changed (a test run elsewhere)', async () => {
    signIn(10);
    const calls = stubApi(common);
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    const listCalls = () => calls.filter((c) => c.url.startsWith('/api/channel/?')).length;
    const before = listCalls();
    live.socket?.emit('channel', { id: 4 });
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('lists whole tags in tag mode, switches and edits a tag, and tags the selected channels in batch mode', async () => {
    signIn(100);
    localStorage.removeItem('enable-tag-mode');
    const tagged = { items: [channel(4, { tag: 'team-a' }), channel(3, { tag: 'team-a' })], total: 1, page: 1, page_size: 10 };
    const calls = stubApi({ ...common, '/api/channel/?p=1&page_size=10&id_sort=false&tag_mode=true': tagged, 'POST /api/channel/tag/disabled': null, 'PUT /api/channel/tag': null, 'POST /api/channel/batch/tag': 2 });
    renderPage(<ChannelPage />, '/channel');
    await screen.findAllByTestId('channel-row');
    fireEvent.click(screen.getByRole('switch', { name: '标签聚合模式' }));
    const panel = await screen.findByRole('form', { name: '标签 team-a' });
    expect(within(panel).getByText('(2)')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/channel/?p=1&page_size=10&id_sort=false&tag_mode=true');
    click('禁用全部', panel);
    await waitFor(() => expect(calls.find((c) => c.url === '/api/channel/tag/disabled')?.body).toEqual({ tag: 'team-a' }));
    fireEvent.change(within(panel).getByLabelText('标签'), { target: { value: 'team-b' } });
    fireEvent.change(within(panel).getByLabelText('权重'), { target: { value: '-3' } });
    click('保存标签设置', panel);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tag: 'team-a', new_tag: 'team-b', weight: 0 }));
    fireEvent.click(screen.getByRole('switch', { name: '开启批量删除' }));
    fireEvent.click(screen.getByLabelText('选择 ch4'));
    fireEvent.change(screen.getByLabelText('设置标签（留空则清除）'), { target: { value: 'gold' } });
    click('为 1 个渠道设置标签');
    await waitFor(() => expect(calls.find((c) => c.url === '/api/channel/batch/tag')?.body).toEqual({ ids: [4], tag: 'gold' }));
    localStorage.removeItem('enable-tag-mode');
  });

  it('keeps the sort and the columns each user chose', async () => {
    stubApi(common);
    await expectViewKeptPerUser({
      renderList: () => renderPage(<ChannelPage />, '/channel'), rowTestId: 'channel-row', rowName: (r) => r.dataset.channelId, role: 100,
      sortBy: '响应时间', sortedDescending: ['1', '2', '3', '4'], hide: '类型',
    });
  }, VIEW_TEST_MS);
});
