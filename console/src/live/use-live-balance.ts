import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { z } from 'zod/mini';
import { type SelfUser, selfQueryKey } from '../features/account/hooks/use-self';

/** The server's `balance` event (gateway live/ledger-follower.ts `BalancePushed`), parsed at the boundary. */
export const balancePushedSchema = z.object({
  userId: z.number().check(z.int()),
  quota: z.number(),
  usedQuota: z.number(),
  requestCount: z.number(),
});
export type BalancePushed = z.infer<typeof balancePushedSchema>;

export const BALANCE_EVENT = 'balance';
export const RECONNECT_DELAY_MS = 1000;
export const RECONNECT_DELAY_MAX_MS = 10_000;

/** The slice of a Socket.IO socket this hook uses, so tests can hand in a fake. */
export interface LiveSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

/** Same origin, the session cookie as the credential (the server joins the socket to its user's room). */
export const connectSocket = (): LiveSocket =>
  io({ path: '/socket.io', withCredentials: true, reconnectionDelay: RECONNECT_DELAY_MS, reconnectionDelayMax: RECONNECT_DELAY_MAX_MS });

/** Copies a pushed balance into the cached self user; a push for another user, or before the seed, changes nothing. */
export function patchSelf(old: SelfUser | undefined, pushed: BalancePushed): SelfUser | undefined {
  if (!old || old.id !== pushed.userId) return old;
  return { ...old, quota: pushed.quota, used_quota: pushed.usedQuota, request_count: pushed.requestCount };
}

/** Patches the self query (seeded by GET /api/user/self) with every balance the server pushes; no reload. */
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
    socket.on(BALANCE_EVENT, (payload: unknown) => {
      const parsed = balancePushedSchema.safeParse(payload);
      if (parsed.success) queryClient.setQueryData<SelfUser>(selfQueryKey, (old) => patchSelf(old, parsed.data));
    });
    return () => {
      socket.disconnect();
    };
  }, [connect, queryClient]);
  return { isConnected, error };
}
