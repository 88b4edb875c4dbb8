import type WebSocket from 'ws';

/**
 * A session holds balance while it is open, so a client whose connection died silently must not
 * keep it: pinged every 30 s, it is gone when a ping is unanswered by the next (new-api ends a
 * session after 90 s without a message or a pong).
 */
export const REALTIME_PING_MS = 30_000;

/** Pings `socket` every `everyMs`; calls `gone` once when a ping was not answered by the next. Returns the stop. */
export function watchAlive(socket: WebSocket, everyMs: number, gone: () => void): () => void {
  let answered = true;
  socket.on('pong', () => (answered = true));
  const timer = setInterval(() => {
    if (!answered) {
      clearInterval(timer);
      gone();
      return;
    }
    answered = false;
    socket.ping();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
