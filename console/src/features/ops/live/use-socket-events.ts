import { useEffect, useRef, useState } from 'react';
import type { LiveSocket } from '../../../live/socket';

export interface LiveState {
  isConnected: boolean;
  error: Error | null;
}

/**
 * One socket for one live channel of the view: its events go to `handlers` (the latest ones, so a
 * re-render does not reconnect), and its connection state is returned for the view's badge.
 */
export function useSocketEvents(connect: () => LiveSocket, handlers: Record<string, (payload: unknown) => void>): LiveState {
  const [state, setState] = useState<LiveState>({ isConnected: false, error: null });
  const latest = useRef(handlers);
  // Updated after each render (not during one), before the effects below that hand it out.
  useEffect(() => {
    latest.current = handlers;
  });
  const events = Object.keys(handlers).join(',');
  useEffect(() => {
    const socket = connect();
    socket.on('connect', () => setState({ isConnected: true, error: null }));
    socket.on('disconnect', () => setState((old) => ({ ...old, isConnected: false })));
    socket.on('connect_error', (error: Error) => setState({ isConnected: false, error }));
    for (const event of events.split(',')) socket.on(event, (payload: unknown) => latest.current[event]?.(payload));
    return () => {
      socket.disconnect();
    };
  }, [connect, events]);
  return state;
}
