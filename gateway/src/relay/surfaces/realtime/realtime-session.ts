import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { Channel } from '../../../ports/documents/channel-store.js';
import type { RelayError } from '../../../http/relay-error.js';
import type { RealtimeBudget } from './realtime-budget.js';
import { clientEventSchema, errorEvent, frameText } from './realtime-events.js';
import { REALTIME_PING_MS, watchAlive } from './realtime-liveness.js';
import { realtimeUsageOf } from './realtime-usage.js';

export interface SessionParts {
  client: WebSocket;
  upstream: WebSocket;
  budget: RealtimeBudget;
  channel: Channel;
  log: FastifyBaseLogger;
  /** How often the client is pinged; one that has not answered the last ping by the next is gone. */
  pingEveryMs?: number;
  /** Told once when the session ends, however it ends. */
  onEnd?: () => void;
}

/** Close codes a peer may be sent as given; the others (1005, 1006, 1015: never on the wire) close as 1011. */
const sendable = (code: number) => (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

/** Cheap test before parsing: most upstream events are deltas, and only two kinds matter to billing. */
const mentions = (text: string, type: string) => text.includes(`"${type}"`);

/**
 * One realtime session: client events checked (a JSON object with a type) and passed upstream,
 * upstream events passed to the client untouched. Each `response.done` is billed in turn from
 * the budget's hold; when the balance runs out the client gets the protocol's `error` event and a
 * normal close, and nothing more is relayed either way.
 */
export function runRealtimeSession({ client, upstream, budget, channel, log, pingEveryMs = REALTIME_PING_MS, onEnd = () => {} }: SessionParts): void {
  let ended = false;
  let billing: Promise<void> = Promise.resolve();
  let response = { startedAt: Date.now(), firstResponseMs: 0, awaitingFirst: false };

  const end = (clientCode: number, reason: string) => {
    if (ended) return;
    ended = true;
    onEnd();
    stopWatching();
    if (client.readyState === client.OPEN) client.close(clientCode, reason);
    if (upstream.readyState === upstream.OPEN || upstream.readyState === upstream.CONNECTING) upstream.close(1000);
    // The hold left after the last response goes back once the billing under way is done.
    billing = billing.then(() => budget.close()).catch((error: unknown) => log.warn({ err: error }, 'realtime: releasing the session hold failed'));
  };

  const exhausted = (refusal: RelayError) => {
    if (ended) return;
    if (client.readyState === client.OPEN) client.send(errorEvent('insufficient_quota', refusal.code, refusal.message));
    end(1000, 'quota exhausted');
  };

  const bill = (text: string) => {
    const usage = realtimeUsageOf(parsedOrNull(text));
    if (!usage) return;
    const { startedAt, firstResponseMs } = response;
    billing = billing
      .then(() => budget.charge({ usage, channel, startedAt, firstResponseMs }))
      .then((refusal) => {
        if (refusal) exhausted(refusal);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'realtime: billing a response failed');
        end(1011, 'billing failed');
      });
  };

  const stopWatching = watchAlive(client, pingEveryMs, () => {
    end(1001, 'no answer to ping');
    client.terminate();
  });

  upstream.on('message', (data, isBinary) => {
    if (ended) return;
    client.send(data, { binary: isBinary });
    if (isBinary) return;
    const text = frameText(data);
    if (response.awaitingFirst) response = { ...response, firstResponseMs: Date.now() - response.startedAt, awaitingFirst: false };
    if (mentions(text, 'response.created')) response = { startedAt: Date.now(), firstResponseMs: 0, awaitingFirst: true };
    else if (mentions(text, 'response.done')) bill(text);
  });

  client.on('message', (data, isBinary) => {
    if (ended) return;
    const text = isBinary ? null : frameText(data);
    if (text === null || !isClientEvent(text)) {
      client.send(errorEvent('invalid_request_error', 'invalid_event', 'Each client event must be a JSON object with a string `type`.'));
      return;
    }
    upstream.send(text);
  });

  upstream.resume();
  client.on('close', () => end(1000, ''));
  upstream.on('close', (code, reason) => end(sendable(code) ? code : 1011, reason.toString('utf8').slice(0, 120)));
  client.on('error', (error) => log.warn({ err: error }, 'realtime: client connection failed'));
  upstream.on('error', (error) => log.warn({ err: error }, 'realtime: upstream connection failed'));
}

/** The JSON of a frame, or null when it is not JSON: a peer's malformed frame must not throw in a socket's listener. */
function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isClientEvent = (text: string): boolean => clientEventSchema.safeParse(parsedOrNull(text)).success;
