import { renderHook } from '@testing-library/react';
import type { LivePushes } from '@tollgate/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../test/fake-socket';
import { useLivePush } from './use-live-push';

const balance: LivePushes['balance'] = { userId: 3, quota: 60, usedQuota: 40, requestCount: 2 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useLivePush', () => {
  it('shares one socket between every hook of a factory: opened by the first, closed after the last', () => {
    const fake = fakeSocket();
    const balances: unknown[] = [];
    const first = renderHook(() => useLivePush('balance', (pushed) => balances.push(pushed), fake.connect));
    const second = renderHook(() => useLivePush('throughput', () => undefined, fake.connect));
    const third = renderHook(() => useLivePush('balance', (pushed) => balances.push(pushed), fake.connect));
    expect(fake.opened()).toBe(1);
    fake.emit('balance', balance);
    expect(balances).toEqual([balance, balance]);
    first.unmount();
    third.unmount();
    expect(fake.isDisconnected()).toBe(false);
    second.unmount();
    expect(fake.isDisconnected()).toBe(true);
    renderHook(() => useLivePush('balance', () => undefined, fake.connect));
    expect(fake.opened()).toBe(2);
  });

  it('keeps the tail socket apart: another factory, another socket', () => {
    const plain = fakeSocket();
    const tail = fakeSocket();
    const logs: unknown[] = [];
    renderHook(() => useLivePush('log_dropped', (pushed) => logs.push(['plain', pushed]), plain.connect));
    renderHook(() => useLivePush('log_dropped', (pushed) => logs.push(['tail', pushed]), tail.connect));
    tail.emit('log_dropped', { rows: 3 });
    expect([plain.opened(), tail.opened()]).toEqual([1, 1]);
    expect(logs).toEqual([['tail', { rows: 3 }]]);
  });

  it('shows a hook that joins late the connection as it is', () => {
    const fake = fakeSocket();
    renderHook(() => useLivePush('ops', () => undefined, fake.connect));
    fake.emit('connect');
    const late = renderHook(() => useLivePush('ops_channel', () => undefined, fake.connect));
    expect(late.result.current).toEqual({ isConnected: true, error: null, rejected: 0 });
    fake.emit('connect_error', new Error('unauthorized'));
    expect(late.result.current.error?.message).toBe('unauthorized');
  });

  it('reports a push that fails its schema (the push name and the zod issue) and counts it, instead of dropping it silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakeSocket();
    const applied: unknown[] = [];
    const { result } = renderHook(() => useLivePush('balance', (pushed) => applied.push(pushed), fake.connect));
    fake.emit('balance', { ...balance, usedQuota: undefined, used_quota: 40 });
    expect(applied).toEqual([]);
    expect(result.current.rejected).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    const [message, issues] = warn.mock.calls[0] ?? [];
    expect(message).toContain('"balance"');
    expect(issues).toEqual([expect.objectContaining({ path: ['usedQuota'] })]);
    fake.emit('balance', balance);
    expect(applied).toEqual([balance]);
    expect(result.current.rejected).toBe(1);
  });

  it('reports a refused push once however many hooks listen, and counts it in each', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakeSocket();
    const a = renderHook(() => useLivePush('ops', () => undefined, fake.connect));
    const b = renderHook(() => useLivePush('ops', () => undefined, fake.connect));
    const other = renderHook(() => useLivePush('balance', () => undefined, fake.connect));
    fake.emit('ops', { at: 'now' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect([a.result.current.rejected, b.result.current.rejected, other.result.current.rejected]).toEqual([1, 1, 0]);
  });

  it('calls the latest handler without reopening the socket, and follows a change of push name', () => {
    const fake = fakeSocket();
    const heard: string[] = [];
    const { rerender } = renderHook(({ tag, name }: { tag: string; name: 'throughput' | 'throughput_all' }) => useLivePush(name, () => heard.push(tag), fake.connect), {
      initialProps: { tag: 'first', name: 'throughput' },
    });
    rerender({ tag: 'second', name: 'throughput' });
    fake.emit('throughput', { rpm: 1, tpm: 2 });
    rerender({ tag: 'third', name: 'throughput_all' });
    fake.emit('throughput', { rpm: 1, tpm: 2 });
    fake.emit('throughput_all', { rpm: 1, tpm: 2 });
    expect(heard).toEqual(['second', 'third']);
  });
});
