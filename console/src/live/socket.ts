import { io } from 'socket.io-client';

export const RECONNECT_DELAY_MS = 1000;
export const RECONNECT_DELAY_MAX_MS = 10_000;

/** The slice of a Socket.IO socket the live hooks use, so tests can hand in a fake. */
export interface LiveSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

/**
 * WebSocket first, long-polling only where it fails: polling's requests must reach the process that
 * holds the session (a sticky load balancer; the embedded relay workers, RELAY_WORKERS, have none),
 * a WebSocket is one connection to one process.
 */
const TRANSPORTS = { transports: ['websocket', 'polling'], tryAllTransports: true };

/** Same origin, the session cookie as the credential (the server joins the socket to its user's room). */
export const connectSocket = (): LiveSocket =>
  io({ path: '/socket.io', withCredentials: true, ...TRANSPORTS, reconnectionDelay: RECONNECT_DELAY_MS, reconnectionDelayMax: RECONNECT_DELAY_MAX_MS });

/**
 * The same, following the log live (`tail=1`): an admin's socket then hears every user's log rows,
 * at most a bounded number a second from each gateway (`log_dropped` says how many it missed).
 * Only the views that show rows as they come ask for it; every other admin socket is spared them.
 */
export const connectTailSocket = (): LiveSocket =>
  io({ path: '/socket.io', withCredentials: true, query: { tail: '1' }, ...TRANSPORTS, reconnectionDelay: RECONNECT_DELAY_MS, reconnectionDelayMax: RECONNECT_DELAY_MAX_MS });

