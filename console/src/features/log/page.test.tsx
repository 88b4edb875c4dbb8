import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { expectViewKeptPerUser, VIEW_TEST_MS } from '../../test/table-view';
import { logSearch } from './filters';
import { LogPage } from './page';

const live = vi.hoisted(() => ({ socket: undefined as ReturnType<typeof fakeSocket> | undefined }));
vi.mock('../../live/socket', () => {
  const connect = () => {
    live.socket = fakeSocket();
    return live.socket.connect();
  };
  return { connectSocket: connect, connectTailSocket: connect };
});

const entry = { id: '1', created_at: 1_700_000_000, type: 2, content: 'model ratio 1', user_id: 1, username: 'amy', token_id: 5, token_name: 'ci', group: 'default', model_name: 'gpt-4o', quota: 30, prompt_tokens: 10, completion_tokens: 20, use_time: 150, is_stream: false, channel: 4, other: '{"model_ratio":1.5,"group_ratio":1,"completion_ratio":2}' };
const page = { items: [entry], total: 1, page: 1, page_size: 10 };

describe('LogPage', () => {
  it('lists the user\'s own logs with stats, and expands a row to its billing breakdown', async () => {
    signIn(1);
    const calls = stubApi({ '/api/log/self/stat': { quota: 30, rpm: 2, tpm: 40 }, '/api/log/self/?': page, '/api/status': {} });
    renderPage(<LogPage />, '/log');
    const row = await screen.findByTestId('log-row');
    expect(row.textContent).toContain('gpt-4o');
    expect(row.textContent).not.toContain('amy');
    expect(screen.queryByTestId('export-log-csv')).toBeNull();
    expect(await screen.findByText('RPM: 2')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/log/self/?p=1&page_size=10&type=0');
    fireEvent.click(row);
    expect(screen.getByTestId('log-detail').textContent).toContain('model_ratio: 1.5');
  });

  it('uses the admin endpoints and columns for admins, with the filters from the URL', async () => {
    signIn(10);
    const calls = stubApi({ '/api/log/stat': { quota: 0, rpm: 0, tpm: 0 }, '/api/log/?': page, '/api/status': {} });
    renderPage(<LogPage />, '/log?type=2&username=amy&start_timestamp=100');
    expect((await screen.findByTestId('log-row')).textContent).toContain('amy');
    expect(calls.map((c) => c.url)).toContain('/api/log/?p=1&page_size=10&type=2&start_timestamp=100&username=amy');
    fireEvent.click(screen.getByTestId('export-log-csv'));
    await waitFor(() => expect(calls.map((c) => c.url).find((url) => url.includes('/export?'))).toMatch(/^\/api\/log\/export\?format=csv&start_timestamp=100&end_timestamp=\d+$/));
  });

  it('shows each admin row\'s channel id with the channel name new-api joins to it', async () => {
    signIn(10);
    stubApi({ '/api/log/stat': { quota: 0, rpm: 0, tpm: 0 }, '/api/log/?': { ...page, items: [{ ...entry, channel_name: 'east-main', token_id: 7 }] }, '/api/status': {} });
    renderPage(<LogPage />, '/log');
    const cell = (await screen.findByText('east-main')).closest('td');
    expect(cell?.textContent).toBe('4east-main');
    expect(cell?.querySelector('[title]')?.getAttribute('title')).toBe('east-main');
  });

  it('opens the user info dialog from a username, for admins, without expanding the row', async () => {
    signIn(10);
    const amy = { id: 3, username: 'amy', display_name: 'Amy', role: 1, status: 1, email: 'amy@example.com', group: 'vip', quota: 1_000_000, used_quota: 250_000, request_count: 42, DeletedAt: null };
    const calls = stubApi({ '/api/log/stat': { quota: 0, rpm: 0, tpm: 0 }, '/api/log/?': page, '/api/status': { quota_per_unit: 500000, display_in_currency: false }, '/api/user/search': { items: [amy], total: 1 } });
    renderPage(<LogPage />, '/log');
    fireEvent.click(await screen.findByRole('button', { name: 'amy' }));
    await waitFor(() => expect(screen.getAllByTestId('user-info-value').map((v) => v.textContent)).toContain('42'));
    const values = screen.getAllByTestId('user-info-value').map((v) => v.textContent);
    expect(values.slice(0, 4)).toEqual(['amy', 'Amy', 'vip', 'amy@example.com']);
    expect(calls.map((c) => c.url)).toContain('/api/user/search?keyword=amy');
    expect(screen.queryByTestId('log-detail')).toBeNull();
  });

  it('shows cached tokens and their ratio in the billing breakdown', async () => {
    signIn(1);
    const cached = { ...entry, other: '{"model_ratio":1,"completion_ratio":1,"group_ratio":1,"cache_tokens":800,"cache_ratio":0.25,"frt":90}' };
    stubApi({ '/api/log/self/stat': { quota: 0, rpm: 0, tpm: 0 }, '/api/log/self/?': { ...page, items: [cached] }, '/api/status': {} });
    renderPage(<LogPage />, '/log');
    fireEvent.click(await screen.findByTestId('log-row'));
    expect(screen.getByTestId('log-detail').textContent).toContain('cache_tokens: 800cache_ratio: 0.25');
  });
});

describe('LogPage live', () => {
  it('shows a pushed row at the top and RPM/TPM as they are pushed', async () => {
    signIn(1);
    stubApi({ '/api/log/self/stat': { quota: 30, rpm: 2, tpm: 40 }, '/api/log/self/?': page, '/api/status': {} });
    renderPage(<LogPage />, '/log');
    await screen.findByText('RPM: 2');
    live.socket?.emit('throughput', { rpm: 7, tpm: 84 });
    expect(await screen.findByText('RPM: 7')).toBeTruthy();
    expect(screen.getByText('TPM: 84')).toBeTruthy();
    live.socket?.emit('log', { ...entry, id: 'pushed', model_name: 'claude-live', channel: undefined });
    // TanStack Query tells its observers on the next tick, so the new row appears a moment later.
    await waitFor(() => expect(screen.getAllByTestId('log-row')[0]?.textContent).toContain('claude-live'));
    expect(screen.getAllByTestId('log-row')).toHaveLength(2);
  });
});

describe('log filters in the URL', () => {
  it('falls back to defaults for malformed values', () => {
    expect(logSearch.parse(new URLSearchParams('type=9&p=-1&start_timestamp=abc&token_name=%20ci%20'))).toMatchObject({ type: 0, p: 1, start_timestamp: undefined, token_name: 'ci' });
  });

  it('keeps the sort and the columns each user chose', async () => {
    const models = ['m-a', 'm-b', 'm-c'];
    const items = [{ ...entry, id: 1, model_name: 'm-a', quota: 30 }, { ...entry, id: 2, model_name: 'm-b', quota: 5 }, { ...entry, id: 3, model_name: 'm-c', quota: 80 }];
    stubApi({ '/api/log/self/stat': { quota: 115, rpm: 0, tpm: 0 }, '/api/log/self/?': { items, total: 3, page: 1, page_size: 10 }, '/api/status': {} });
    await expectViewKeptPerUser({
      renderList: () => renderPage(<LogPage />, '/log'), rowTestId: 'log-row', rowName: (row) => models.find((model) => row.textContent?.includes(model)), role: 1,
      sortBy: '消耗额度', sortedDescending: ['m-c', 'm-a', 'm-b'], hide: '令牌名称',
    });
  }, VIEW_TEST_MS);
});
