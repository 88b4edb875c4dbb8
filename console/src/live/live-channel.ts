import { type LivePushes, type LivePushName, livePushSchemas } from '@tollgate/wire';
import type { LiveSocket } from './socket';

/** A live socket's connection, as views show it in their badge. */
export interface LiveState {
  isConnected: boolean;
  error: Error | null;
}

export const CLOSED: LiveState = { isConnected: false, error: null };

/** What one hook hears on the shared socket: the pushes of one name that passed wire's schema, and the refusals. */
export interface PushListener<Name extends LivePushName> {
  onPayload(payload: LivePushes[Name]): void;
  /** A push of this name failed its schema (reported once on the console by the channel). */
  onRejected(): void;
  onState(state: LiveState): void;
}

type AnyListener = PushListener<LivePushName>;

/** One open socket and the hooks listening on it. */
interface LiveChannel {
  socket: LiveSocket;
  state: LiveState;
  listeners: Set<{ name: LivePushName; listener: AnyListener }>;
}

const pushNames = Object.keys(livePushSchemas) as LivePushName[];

/**
 * The open sockets, one per socket factory: `connectSocket` (every push of the user's and, for
 * administrators, the admins' rooms) and `connectTailSocket` (the same, plus the log tail: the
 * server puts it in another room). Tests pass their own factory and so get their own socket.
 */
const channels = new Map<() => LiveSocket, LiveChannel>();

/**
 * A push that failed its schema is a server and console out of step (a renamed field): it is not
 * applied, but it is never dropped in silence either. The browser's console says which push and why.
 */
function reportRejected(name: LivePushName, issues: unknown): void {
  // eslint-disable-next-line no-console -- the browser's console is where an operator or developer looks for this
  console.warn(`Tollgate: the live push "${name}" does not match its schema (@tollgate/wire) and was not applied`, issues);
}

function deliver(channel: LiveChannel, name: LivePushName, payload: unknown): void {
  const listening = [...channel.listeners].filter((entry) => entry.name === name);
  if (listening.length === 0) return;
  const parsed = livePushSchemas[name].safeParse(payload);
  if (!parsed.success) {
    reportRejected(name, parsed.error.issues);
    for (const { listener } of listening) listener.onRejected();
    return;
  }
  for (const { listener } of listening) listener.onPayload(parsed.data);
}

function open(connect: () => LiveSocket): LiveChannel {
  const socket = connect();
  const channel: LiveChannel = { socket, state: CLOSED, listeners: new Set() };
  const setState = (state: LiveState) => {
    channel.state = state;
    for (const { listener } of channel.listeners) listener.onState(state);
  };
  socket.on('connect', () => setState({ isConnected: true, error: null }));
  socket.on('disconnect', () => setState({ ...channel.state, isConnected: false }));
  socket.on('connect_error', (error: Error) => setState({ isConnected: false, error }));
  for (const name of pushNames) socket.on(name, (payload: unknown) => deliver(channel, name, payload));
  return channel;
}

/**
 * Listens for the push `name` on the shared socket of `connect`, opening it for the first listener;
 * the returned function stops listening and closes the socket after the last one.
 */
export function listenLive<Name extends LivePushName>(connect: () => LiveSocket, name: Name, listener: PushListener<Name>): () => void {
  const channel = channels.get(connect) ?? open(connect);
  channels.set(connect, channel);
  // Each listener is called only with its own name's payloads (deliver filters by name).
  const entry = { name, listener: listener as unknown as AnyListener };
  channel.listeners.add(entry);
  listener.onState(channel.state);
  return () => {
    channel.listeners.delete(entry);
    if (channel.listeners.size > 0) return;
    channels.delete(connect);
    channel.socket.disconnect();
  };
}
