import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSocket, type LiveSocket } from './socket';

export const CHANNEL_EVENT = 'channel';

/**
 * Refetches the channel queries under `queryKey` whenever the server says a channel changed
 * (edited, tested, switched off or on by a test, its balance read), so an open channel page
 * shows test results and statuses without reloading. Administrators' sockets only get these.
 */
export function useLiveChannels(queryKey: QueryKey, connect: () => LiveSocket = connectSocket): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const socket = connect();
    socket.on(CHANNEL_EVENT, () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }));
    return () => {
      socket.disconnect();
    };
  }, [connect, queryClient, key]);
}
