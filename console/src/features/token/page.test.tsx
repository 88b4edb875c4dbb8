import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { expectViewKeptPerUser, VIEW_TEST_MS } from '../../test/table-view';
import { TokenPage } from './page';

const token = (id: number, name: string, extra = {}) => ({
  id, name, key: 'k'.repeat(48), status: 1, remain_quota: 1_000, used_quota: 0, unlimited_quota: false, created_time: 1_700_000_000, expired_time: -1, ...extra,
});
const self = { id: 2, username: 'u', quota: 123_456, used_quota: 0, request_count: 0, group: 'default' };
const status = { system_name: 'T', display_in_currency: false, quota_per_unit: 500000 };

describe('TokenPage', () => {
  it('lists the tokens of the first page with their status, quota and expiry', async () => {
    signIn();
    const calls = stubApi({
      '/api/token/?': { items: [token(1, 'alpha'), token(2, 'beta', { status: 2, unlimited_quota: true }), token(3, 'gamma', { model_limits_enabled: true, group: 'vip' })], total: 3, page: 1, page_size: 10 },
      '/api/user/self': self,
      '/api/status': status,
    });
    renderPage(<TokenPage />, '/token');
    const rows = await screen.findAllByTestId('token-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('alpha'), expect.stringContaining('beta'), expect.stringContaining('gamma')]);
    expect(rows[2]?.textContent).toContain('已启用：限制模型');
    expect(within(rows[2]!).getByTestId('token-group').textContent).toBe('vip');
    expect(rows[0]?.textContent).toContain('已启用');
    expect(rows[1]?.textContent).toContain('已禁用');
    expect(rows[1]?.textContent).toContain('无限制');
    expect(rows[0]?.textContent).toContain('永不过期');
    expect(calls.map((c) => c.url)).toContain('/api/token/?p=1&size=10');
    expect(screen.getByText('令牌无法精确控制使用额度，只允许自用，请勿直接将令牌分发给他人。')).toBeTruthy();
    expect((await screen.findByTestId('balance-quota')).dataset.quota).toBe('123456');
  });

  it('also lists tokens when the server answers a plain array', async () => {
    signIn();
    stubApi({ '/api/token/?': [token(5, 'legacy')], '/api/user/self': self, '/api/status': status });
    renderPage(<TokenPage />, '/token');
    expect((await screen.findByTestId('token-row')).textContent).toContain('legacy');
  });

  it('shows skeleton rows while the list loads, then an empty state whose action opens the create drawer', async () => {
    signIn();
    stubApi({ '/api/token/?': { items: [], total: 0, page: 1, page_size: 10 }, '/api/user/self': self, '/api/status': status });
    renderPage(<TokenPage />, '/token');
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: '创建第一个令牌' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('名称')).toBeTruthy();
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
  });

  it('creates a batch of tokens, one POST each, and says how many', async () => {
    signIn();
    const calls = stubApi({ 'GET /api/token/?': { items: [], total: 0, page: 1, page_size: 10 }, 'POST /api/token/': null, '/api/user/self': self, '/api/status': status });
    renderPage(<TokenPage />, '/token');
    fireEvent.click(screen.getByRole('button', { name: '添加令牌' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'ci' } });
    fireEvent.change(within(dialog).getByLabelText('新建数量'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('3个令牌创建成功，请在列表页面点击复制获取令牌！')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(posts[0]?.body).toEqual({ name: 'ci', remain_quota: 500000, expired_time: -1, unlimited_quota: false, model_limits_enabled: false, model_limits: '', allow_ips: '', group: '' });
    expect(posts[1]?.body).toMatchObject({ name: expect.stringMatching(/^ci-[A-Za-z0-9]{6}$/) });
  });

  it("DefaultUseAutoGroup: starts a new key in the `auto` group when the site defaults to it, and sends the group the user picks instead", async () => {
    signIn();
    const groups = { default: { ratio: 1, desc: '默认分组' }, auto: { ratio: '自动', desc: '自动选择' } };
    const calls = stubApi({ 'GET /api/token/?': [], 'POST /api/token/': null, '/api/user/self/groups': groups, '/api/user/self': self, '/api/status': { ...status, default_use_auto_group: true } });
    renderPage(<TokenPage />, '/token');
    fireEvent.click(screen.getByRole('button', { name: '添加令牌' }));
    const dialog = await screen.findByRole('dialog');
    const group = within(dialog).getByLabelText('令牌分组') as HTMLSelectElement;
    await waitFor(() => expect(group.value).toBe('auto'));
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'a' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'a', group: 'auto' });

    fireEvent.click(screen.getByRole('button', { name: '添加令牌' }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByLabelText('令牌分组'), { target: { value: '' } });
    fireEvent.change(within(again).getByLabelText('名称'), { target: { value: 'own' } });
    fireEvent.click(within(again).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({ name: 'own', group: '' });
  });

  it('wants a name before creating', async () => {
    signIn();
    const calls = stubApi({ '/api/token/?': [], '/api/user/self': self, '/api/status': status });
    renderPage(<TokenPage />, '/token');
    fireEvent.click(screen.getByRole('button', { name: '添加令牌' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入令牌名称！')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks to select tokens before copying them, then copies name and key a line each', async () => {
    signIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // The list shows masked keys, as new-api's does; the copy asks the reveal call for each whole key.
    const masked = { key: 'kkkk**********kkkk' };
    const calls = stubApi({
      '/api/token/?': [token(1, 'alpha', masked), token(2, 'beta', masked), token(3, 'gamma', masked)],
      'POST /api/token/1/key': { key: 'k'.repeat(48) },
      'POST /api/token/2/key': { key: 'b'.repeat(48) },
      '/api/user/self': self,
      '/api/status': status,
    });
    renderPage(<TokenPage />, '/token');
    await screen.findAllByTestId('token-row');
    fireEvent.click(screen.getByRole('button', { name: '复制所选令牌' }));
    expect(await screen.findByText('请至少选择一个令牌！')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('选择 alpha'));
    fireEvent.click(screen.getByLabelText('选择 beta'));
    fireEvent.click(screen.getByRole('button', { name: '复制所选令牌' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`alpha    sk-${'k'.repeat(48)}\nbeta    sk-${'b'.repeat(48)}`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/token/1/key', '/api/token/2/key']);
  });

  it('edits a token in a drawer filled with its fields, sending only what the form shows', async () => {
    signIn();
    const calls = stubApi({
      'GET /api/token/?': [token(7, 'ci', { remain_quota: 2_500, expired_time: -1 })],
      'PUT /api/token/': token(7, 'ci-2'),
      '/api/user/self': self,
      '/api/status': status,
    });
    renderPage(<TokenPage />, '/token');
    const [row] = await screen.findAllByTestId('token-row');
    fireEvent.click(within(row!).getByRole('button', { name: '编辑' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('更新令牌信息')).toBeTruthy();
    expect((within(drawer).getByLabelText('名称') as HTMLInputElement).value).toBe('ci');
    expect((within(drawer).getByLabelText('剩余额度') as HTMLInputElement).value).toBe('2500');
    expect(within(drawer).queryByLabelText('新建数量')).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: 'ci-2' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('令牌更新成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 7, name: 'ci-2', remain_quota: 2_500, expired_time: -1, unlimited_quota: false, group: '' });
  });

  it('searches by key as well as by name, and remembers the page size in local storage page-size', async () => {
    signIn();
    localStorage.removeItem('page-size');
    const calls = stubApi({ '/api/token/search': [token(4, 'found')], '/api/token/?': [token(1, 'alpha')], '/api/user/self': self, '/api/status': status });
    renderPage(<TokenPage />, '/token');
    await screen.findAllByTestId('token-row');
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '50' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/token/?p=1&size=50'));
    expect(localStorage.getItem('page-size')).toBe('50');
    fireEvent.change(screen.getByLabelText('搜索令牌的 key ...'), { target: { value: 'sk-abc' } });
    await waitFor(() => expect(screen.getByTestId('token-row').textContent).toContain('found'));
    expect(calls.map((c) => c.url)).toContain('/api/token/search?token=sk-abc');
  });

  it('shows a token\'s whole key on view, asked of the reveal call (the list\'s key may be masked)', async () => {
    signIn();
    stubApi({ '/api/token/?': [token(1, 'alpha', { key: 'kkkk**********kkkk' })], 'POST /api/token/1/key': { key: 'k'.repeat(48) }, '/api/user/self': self, '/api/status': status });
    renderPage(<TokenPage />, '/token');
    const [row] = await screen.findAllByTestId('token-row');
    fireEvent.click(within(row!).getByRole('button', { name: '查看' }));
    expect((await screen.findByTestId('token-key')).textContent).toBe(`sk-${'k'.repeat(48)}`);
  });

  it('keeps the sort and the columns each user chose', async () => {
    stubApi({ '/api/token/?': { items: [token(1, 'alpha'), token(2, 'beta'), token(3, 'gamma')], total: 3, page: 1, page_size: 10 }, '/api/user/self': self, '/api/status': status });
    await expectViewKeptPerUser({
      renderList: () => renderPage(<TokenPage />, '/token'), rowTestId: 'token-row', rowName: (row) => row.dataset.tokenId, role: 1,
      sortBy: '名称', sortedDescending: ['3', '2', '1'], hide: '剩余额度',
    });
  }, VIEW_TEST_MS);
});
