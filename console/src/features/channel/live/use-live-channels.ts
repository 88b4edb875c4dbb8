import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { LivePushName } from '@tollgate/wire';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type LivePushState, useLivePush } from '../../../live/use-live-push';

export const CHANNEL_EVENT = 'channel' satisfies LivePushName;

/**
 * Refetches the channel queries under `queryKey` whenever the server says a channel changed
 * (edited, tested, switched off or on by a test, its balance read), so an open channel page
 * shows test results and statuses without reloading. Administrators' sockets only get these.
 */
export function useLiveChannels(queryKey: QueryKey, connect: () => LiveSocket = connectSocket): LivePushState {
  const queryClient = useQueryClient();
  return useLivePush(CHANNEL_EVENT, () => void queryClient.invalidateQueries({ queryKey }), connect);
}
