import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { RelayError } from '../../../http/relay-error.js';
import { clientStatus } from '../../relay-flow.js';
import { realtimeTarget } from './realtime-target.js';

/** The largest event either side may send: a second of 24 kHz PCM audio is ~64 KB of base64; 8 MiB is new-api's bound too. */
export const REALTIME_MAX_EVENT_BYTES = 8 * 1024 * 1024;

/** How long the upstream has to accept the session: below Socket.IO's destroyUpgradeTimeout (live/socket.ts), which would end the client's upgrade. */
const HANDSHAKE_TIMEOUT_MS = 20_000;

/** The most of an upstream's refusal body read for its message. */
const REFUSAL_BYTES = 16 * 1024;

/** The message of an upstream's refusal: OpenAI's `error.message`, else its text. */
async function refusalMessage(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) {
    text += String(chunk);
    if (text.length >= REFUSAL_BYTES) break;
  }
  try {
    return String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? text);
  } catch {
    return text || `status ${response.statusCode}`;
  }
}

/**
 * Opens the session upstream for `model` on `channel`. An upstream that refuses it (a bad key, a
 * model it lacks, its rate limit) is the client's answer in OpenAI's error shape, with the status
 * the upstream gave (or the channel's status_code_mapping's); one that cannot be reached is a 502.
 * The socket is resolved paused: nothing it receives is lost before the session reads it.
 */
export function dialUpstream(channel: Channel, model: string, beta: string | undefined): Promise<WebSocket> {
  const { url, headers } = realtimeTarget(channel, model);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: beta ? { ...headers, 'openai-beta': beta } : headers,
      perMessageDeflate: false,
      maxPayload: REALTIME_MAX_EVENT_BYTES,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    socket.once('open', () => {
      // OpenAI sends session.created at once: held until the session listens (runRealtimeSession resumes it).
      socket.pause();
      resolve(socket);
    });
    const unreachable = (error: Error) => new RelayError(502, `the upstream realtime session could not be opened: ${error.message}`, 'upstream_error', 'upstream_error');
    socket.once('unexpected-response', (request, response) => {
      // The refusal is read whole before its request is let go: destroying it first would cut the body.
      refusalMessage(response)
        .then(
          (message) => reject(new RelayError(clientStatus(channel, response.statusCode ?? 502), message, 'upstream_error', 'upstream_error')),
          (error: Error) => reject(unreachable(error)),
        )
        .finally(() => request.destroy());
    });
    // Kept for the socket's life: the session takes over its messages, and an error after the
    // handshake (the session ends then) must not be an unhandled 'error' event.
    socket.on('error', (error) => reject(unreachable(error)));
  });
}
