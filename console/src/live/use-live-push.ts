import type { LivePushes, LivePushName } from '@tollgate/wire';
import { useEffect, useRef, useState } from 'react';
import { CLOSED, listenLive, type LiveState } from './live-channel';
import { connectSocket, type LiveSocket } from './socket';

export type { LiveState } from './live-channel';

/** The connection, and how many pushes of this name failed wire's schema while the view was open. */
export interface LivePushState extends LiveState {
  rejected: number;
}

/**
 * Calls `onPayload` with each push `name` the server sends, parsed with wire's schema of that push.
 * Every hook of a console shares one socket (`connect`: the plain one, or the tail's), opened by the
 * first and closed after the last. The latest `onPayload` is called, so a re-render does not reconnect.
 */
export function useLivePush<Name extends LivePushName>(name: Name, onPayload: (payload: LivePushes[Name]) => void, connect: () => LiveSocket = connectSocket): LivePushState {
  const [state, setState] = useState<LiveState>(CLOSED);
  const [rejected, setRejected] = useState(0);
  const latest = useRef(onPayload);
  // Updated after each render (not during one), before the effect below hands it out.
  useEffect(() => {
    latest.current = onPayload;
  });
  useEffect(
    () => listenLive(connect, name, { onPayload: (payload) => latest.current(payload), onRejected: () => setRejected((count) => count + 1), onState: setState }),
    [connect, name],
  );
  return { ...state, rejected };
}

/** Two pushes on one socket as one state: connected as the socket is, every refusal of either counted. */
export const bothPushes = (a: LivePushState, b: LivePushState): LivePushState => ({ ...a, rejected: a.rejected + b.rejected });
