import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { type SelfUser, selfQueryKey } from '../features/account/use-self';

/** The server's `balance` event (gateway live/ledger-follower.ts). */
export interface BalancePushed {
  userId: number;
  quota: number;
  usedQuota: number;
  requestCount: number;
}

/** The slice of a Socket.IO socket this hook uses, so tests can hand in a fake. */
export interface LiveSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

export const RECONNECT_DELAY_MS = 1000;

const connectSocket = (): LiveSocket => io({ path: '/socket.io', withCredentials: true, reconnectionDelay: RECONNECT_DELAY_MS });

/** Patches the self query with every balance the server pushes; the page never reloads for it. */
export function useLiveBalance(connect: () => LiveSocket = connectSocket) {
  const queryClient = useQueryClient();
  const [isConnected, setConnected] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    const socket = connect();
    socket.on('connect', () => {
      setConnected(true);
      setError(null);
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('connect_error', (e: Error) => setError(e));
    socket.on('balance', (pushed: BalancePushed) => {
      queryClient.setQueryData<SelfUser>(selfQueryKey, (old) =>
        old ? { ...old, quota: pushed.quota, used_quota: pushed.usedQuota, request_count: pushed.requestCount } : old,
      );
    });
    return () => {
      socket.disconnect();
    };
  }, [connect, queryClient]);
  return { isConnected, error };
}
