import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type BalancePushed, balancePushedSchema } from '@tollgate/wire';
import { type SelfUser, selfQueryKey } from '../features/account/hooks/use-self';
import { connectSocket, type LiveSocket } from './socket';

export const BALANCE_EVENT = 'balance';
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
