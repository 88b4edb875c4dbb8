import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type SelfUser, selfQueryKey } from '../hooks/use-self';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import { useLiveBalance } from './use-live-balance';

function setup() {
  const client = new QueryClient();
  client.setQueryData<SelfUser>(selfQueryKey, { id: 3, username: 'u', quota: 100, used_quota: 0, request_count: 0, group: 'default' });
  const fake = fakeSocket();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveBalance(fake.connect), { wrapper });
  return { client, ...fake, ...hook };
}

describe('useLiveBalance', () => {
  it('patches the self query with a pushed balance and reports the connection', () => {
    const { client, emit, result } = setup();
    emit('connect');
    expect(result.current.isConnected).toBe(true);
    emit('balance', { userId: 3, quota: 60, usedQuota: 40, requestCount: 2 });
    expect(client.getQueryData(selfQueryKey)).toMatchObject({ quota: 60, used_quota: 40, request_count: 2 });
  });

  it('ignores pushes for another user, and applies no malformed payload but reports and counts it', () => {
    const warn = expectRefusedPushes();
    const { client, emit, result } = setup();
    emit('balance', { userId: 3, quota: 'lots' });
    emit('balance', { userId: 4, quota: 1, usedQuota: 99, requestCount: 9 });
    expect(client.getQueryData(selfQueryKey)).toMatchObject({ quota: 100, used_quota: 0 });
    expect(result.current.rejected).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"balance"'), expect.any(Array));
  });

  it('reports connection errors and disconnects on unmount', () => {
    const { emit, result, unmount, isDisconnected } = setup();
    emit('connect_error', new Error('unauthorized'));
    expect(result.current.error?.message).toBe('unauthorized');
    emit('connect');
    emit('disconnect');
    expect(result.current).toEqual({ isConnected: false, error: null, rejected: 0 });
    unmount();
    expect(isDisconnected()).toBe(true);
  });
});
