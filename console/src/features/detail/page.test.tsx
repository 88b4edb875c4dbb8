import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { DetailPage } from './page';

const live = vi.hoisted(() => ({ socket: undefined as ReturnType<typeof fakeSocket> | undefined }));
// ApexCharts measures and draws SVG, which jsdom cannot; the series the page hands it are asserted
// through the chart wrapper's data-series, and gateway/test/console/detail-dashboard.e2e.test.ts draws it in a browser.
vi.mock('react-apexcharts', () => ({ default: () => null }));
vi.mock('../../live/socket', () => ({
  connectSocket: () => {
    live.socket = fakeSocket();
    return live.socket.connect();
  },
}));

const hour = 1_700_000_000 - (1_700_000_000 % 3600);
const rows = [
  { user_id: 0, username: '', model_name: 'gpt-4o', created_at: hour, token_used: 120, count: 2, quota: 600 },
  { user_id: 0, username: '', model_name: 'claude-3', created_at: hour + 3600, token_used: 30, count: 1, quota: 150 },
  { user_id: 0, username: '', model_name: 'gpt-4o', created_at: hour + 3600, token_used: 50, count: 1, quota: 250 },
];

const seriesOf = (testId: string) => JSON.parse(screen.getByTestId(testId).dataset.series ?? '[]') as Array<{ name: string; data: number[] }>;
const urls = (calls: Array<{ url: string }>) => calls.map((c) => c.url);

describe('DetailPage', () => {
  it('draws the user\'s own quota by model, requests and tokens per bucket, with the totals', async () => {
    signIn(1);
    const calls = stubApi({ '/api/data/self/?': rows, '/api/status': {} });
    renderPage(<DetailPage />, '/detail');
    await waitFor(() => expect(screen.getByTestId('detail-stat-requests').dataset.value).toBe('4'));
    expect(screen.getByTestId('detail-stat-requests').textContent).toContain('请求次数4');
    expect(screen.getByTestId('detail-stat-tokens').textContent).toContain('200');
    expect(screen.getByTestId('detail-stat-quota').dataset.value).toBe('1000');
    expect(seriesOf('chart-quota')).toEqual([{ name: 'claude-3', data: [0, 150] }, { name: 'gpt-4o', data: [600, 250] }]);
    expect(seriesOf('chart-requests')[0]?.data).toEqual([2, 2]);
    expect(seriesOf('chart-tokens')[0]?.data).toEqual([120, 80]);
    expect(urls(calls).find((url) => url.startsWith('/api/data/self/?'))).toMatch(/granularity=hour/);
    expect(screen.queryByTestId('export-data-csv')).toBeNull();
    expect(screen.queryByLabelText(/用户名|Username/)).toBeNull();
  });

  it('lets admins filter by user and granularity, and offers the finance exports of the range', async () => {
    signIn(10);
    const calls = stubApi({ '/api/data/?': rows, '/api/status': {} });
    renderPage(<DetailPage />, '/detail');
    await screen.findByTestId('export-data-csv');
    fireEvent.change(screen.getByLabelText(/用户名|Username/), { target: { value: ' amy ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(urls(calls).some((url) => url.startsWith('/api/data/?') && url.includes('username=amy'))).toBe(true));
    fireEvent.click(screen.getByTestId('export-data-csv'));
    fireEvent.click(screen.getByTestId('export-log-jsonl'));
    const exports = await waitFor(() => {
      const found = calls.filter((call) => call.url.includes('/export?'));
      expect(found).toHaveLength(2);
      return found;
    });
    expect(exports[0]?.url).toMatch(/^\/api\/data\/export\?format=csv&start_timestamp=\d+&end_timestamp=\d+$/);
    expect(exports[1]?.url).toMatch(/^\/api\/log\/export\?format=jsonl&/);
    // A plain link could not send it, and the server refuses a session without it.
    expect(exports.map((call) => call.headers.get('New-Api-User'))).toEqual(['2', '2']);
  });

  it('plots the pushed RPM/TPM as it arrives (everyone\'s for admins)', async () => {
    signIn(10);
    stubApi({ '/api/data/?': [], '/api/status': {} });
    renderPage(<DetailPage />, '/detail');
    await screen.findByTestId('chart-live');
    live.socket?.emit('throughput_all', { rpm: 3, tpm: 90 });
    live.socket?.emit('throughput_all', { rpm: 5, tpm: 150 });
    await waitFor(() => expect(screen.getByTestId('live-latest').textContent).toBe('RPM: 5 · TPM: 150'));
    expect(seriesOf('chart-live')).toEqual([{ name: 'RPM', data: [3, 5] }, { name: 'TPM', data: [90, 150] }]);
  });

  it('DataExportDefaultTime and DataExportInterval: opens on the operator\'s buckets, and asks again every DataExportInterval minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signIn(1);
      const calls = stubApi({ '/api/data/self/?': rows, '/api/status': { data_export_default_time: 'day', data_export_interval: 2 } });
      renderPage(<DetailPage />, '/detail');
      const dataCalls = () => urls(calls).filter((url) => url.startsWith('/api/data/self/?'));
      await waitFor(() => expect(dataCalls().at(-1)).toMatch(/granularity=day/));
      const before = dataCalls().length;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(dataCalls()).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(dataCalls()).toHaveLength(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
