import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectRefusedPushes, fakeSocket } from '../../test/fake-socket';
import { renderPage, signIn, stubApi } from '../../test/render';
import { OpsPage } from './page';

// ApexCharts draws SVG, which jsdom cannot (gateway/test/ops/ops-view.quiet.test.ts draws it in a browser).
vi.mock('react-apexcharts', () => ({ default: () => null }));
const live = vi.hoisted(() => ({ plain: [] as ReturnType<typeof fakeSocket>[], tail: [] as ReturnType<typeof fakeSocket>[] }));
vi.mock('../../live/socket', () => ({
  connectSocket: () => {
    const socket = fakeSocket();
    live.plain.push(socket);
    return socket.connect();
  },
  connectTailSocket: () => {
    const socket = fakeSocket();
    live.tail.push(socket);
    return socket.connect();
  },
}));

const snapshot = {
  at: 1, now: { rpm: 4, tpm: 48, spendPerMinute: 48, errorRate: 0.25 }, minutes: [], channels: [], models: [], topUsers: [], topTokens: [],
  fleet: [{ id: 'gw', version: 'v0.1.0', startedAt: 0, seenAt: 1, eventLoopUtilization: 0.1, inFlight: 0 }],
};

describe('OpsPage', () => {
  it('listens on one socket for its three live hooks and one for the log tail, and says when pushes were refused', async () => {
    const warn = expectRefusedPushes();
    signIn(100);
    stubApi({ '/api/ops/': { minutes: [], channels: [], ledgerAudit: null }, '/api/status': {} });
    renderPage(<OpsPage />, '/ops');
    await screen.findByTestId('ops-connection');
    expect([live.plain.length, live.tail.length]).toEqual([1, 1]);
    const socket = live.plain[0]!;
    socket.emit('connect');
    socket.emit('ops', snapshot);
    expect(screen.queryByTestId('ops-rejected')).toBeNull();
    socket.emit('ops', { ...snapshot, now: { rpm: 'many' } });
    socket.emit('ops_channel', { id: 2, status: 'broken' });
    await waitFor(() => expect(screen.getByTestId('ops-rejected').textContent).toContain('2 条推送与格式不符'));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('ops-connection').textContent).toContain('实时');
  });

  it("shows each channel's breaker, and its transitions as they are pushed", async () => {
    signIn(100);
    const channel = { id: 4, name: 'flaky', status: 1, testTime: 0, responseTime: 0, reason: null, statusTime: null, breaker: null };
    stubApi({ '/api/ops/': { minutes: [], channels: [channel], ledgerAudit: null }, '/api/status': {} });
    renderPage(<OpsPage />, '/ops');
    await screen.findByTestId('ops-health');
    const socket = live.plain.at(-1)!;
    socket.emit('connect');
    const at = new Date(2026, 0, 2, 3, 4, 5).getTime();
    socket.emit('ops_channel', { ...channel, breaker: { state: 'open', change: 'opened', until: at + 30_000, reason: 'httpCode 500', at } });
    await waitFor(() => expect(screen.getByTestId('breaker').textContent).toBe('开启至 2026-01-02 03:04:35'));
    expect(screen.getByTestId('ops-health-events').textContent).toContain('渠道 flaky 熔断开启，暂时跳过：httpCode 500');
    socket.emit('ops_channel', { ...channel, breaker: { state: 'closed', change: 'closed', until: 0, reason: 'probe answered', at: at + 31_000 } });
    await waitFor(() => expect(screen.getByTestId('breaker').textContent).toBe('关闭'));
    expect(screen.getByTestId('ops-health-events').textContent).toContain('渠道 flaky 熔断关闭，探测请求成功');
  });
});
