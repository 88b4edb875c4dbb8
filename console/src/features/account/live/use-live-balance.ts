import { useQueryClient } from '@tanstack/react-query';
import type { BalancePushed, LivePushName } from '@tollgate/wire';
import { type SelfUser, selfQueryKey } from '../hooks/use-self';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type LivePushState, useLivePush } from '../../../live/use-live-push';

export const BALANCE_EVENT = 'balance' satisfies LivePushName;
/** Copies a pushed balance into the cached self user; a push for another user, or before the seed, changes nothing. */
export function patchSelf(old: SelfUser | undefined, pushed: BalancePushed): SelfUser | undefined {
  if (!old || old.id !== pushed.userId) return old;
  return { ...old, quota: pushed.quota, used_quota: pushed.usedQuota, request_count: pushed.requestCount };
}

/** Patches the self query (seeded by GET /api/user/self) with every balance the server pushes; no reload. */
export function useLiveBalance(connect: () => LiveSocket = connectSocket): LivePushState {
  const queryClient = useQueryClient();
  return useLivePush(BALANCE_EVENT, (pushed) => queryClient.setQueryData<SelfUser>(selfQueryKey, (old) => patchSelf(old, pushed)), connect);
}
