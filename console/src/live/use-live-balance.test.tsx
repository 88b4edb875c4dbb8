import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type SelfUser, selfQueryKey } from '../features/account/use-self';
import { type LiveSocket, useLiveBalance } from './use-live-balance';

function fakeSocket() {
  const listeners = new Map<string, (...args: never[]) => void>();
  const socket: LiveSocket = { on: (event, listener) => listeners.set(event, listener), disconnect: () => undefined };
  const emit = (event: string, payload?: unknown) => (listeners.get(event) as ((p: unknown) => void) | undefined)?.(payload);
  return { socket, emit };
}

describe('useLiveBalance', () => {
  it('patches the self query with a pushed balance and reports the connection', () => {
    const client = new QueryClient();
    client.setQueryData<SelfUser>(selfQueryKey, { id: 3, username: 'u', quota: 100, used_quota: 0, request_count: 0, group: 'default' });
    const { socket, emit } = fakeSocket();
    const connect = () => socket;
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useLiveBalance(connect), { wrapper });
    act(() => emit('connect'));
    expect(result.current.isConnected).toBe(true);
    act(() => emit('balance', { userId: 3, quota: 60, usedQuota: 40, requestCount: 2 }));
    expect(client.getQueryData(selfQueryKey)).toMatchObject({ quota: 60, used_quota: 40, request_count: 2 });
  });
});
