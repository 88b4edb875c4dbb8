import { createServer, type IncomingHttpHeaders } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { listenOnLoopback } from '../listen.js';

/** A realtime `response.done` usage, in OpenAI's field names. */
export interface RealtimeMockUsage {
  input_tokens: number;
  output_tokens: number;
  input_token_details?: { text_tokens?: number; audio_tokens?: number; cached_tokens?: number; cached_tokens_details?: { text_tokens?: number; audio_tokens?: number } };
  output_token_details?: { text_tokens?: number; audio_tokens?: number };
}

export interface RealtimeMockOptions {
  /** The usage of the nth response of a session (0-based). */
  usageOf(index: number): RealtimeMockUsage;
  /** The text each response speaks, streamed word by word. */
  reply: string;
  /** The key the upstream accepts (as `Authorization: Bearer` or Azure's `api-key`); others are refused with 401. */
  key: string;
}

/** A session as the mock saw it: its handshake and the client events it received. */
export interface RealtimeMockSession {
  url: string;
  headers: IncomingHttpHeaders;
  received: Record<string, unknown>[];
  closed: boolean;
}

export interface RealtimeMock {
  url: string;
  sessions: RealtimeMockSession[];
  close(): Promise<void>;
}

/** What a faulty upstream sends when asked (`response.create` with `metadata.mock: 'malformed'`). */
export const MALFORMED_FRAME = '{"type":"response.done","response":{"usage":';

let sequence = 0;
const eventId = () => `event_mock_${(sequence += 1)}`;

function sendResponse(socket: WebSocket, reply: string, usage: RealtimeMockUsage, index: number): void {
  const send = (event: object) => socket.send(JSON.stringify({ event_id: eventId(), ...event }));
  const response = { object: 'realtime.response', id: `resp_mock_${index}`, status: 'in_progress', output: [], usage: null };
  const item = { id: `item_mock_${index}`, object: 'realtime.item', type: 'message', role: 'assistant', status: 'in_progress', content: [] };
  const at = { response_id: response.id, item_id: item.id, output_index: 0, content_index: 0 };
  send({ type: 'response.created', response });
  send({ type: 'response.output_item.added', response_id: response.id, output_index: 0, item });
  send({ type: 'response.content_part.added', ...at, part: { type: 'text', text: '' } });
  for (const delta of reply.split(/(?<= )/)) send({ type: 'response.output_text.delta', ...at, delta });
  send({ type: 'response.output_text.done', ...at, text: reply });
  send({ type: 'response.content_part.done', ...at, part: { type: 'text', text: reply } });
  const done = { ...item, status: 'completed', content: [{ type: 'text', text: reply }] };
  send({ type: 'response.output_item.done', response_id: response.id, output_index: 0, item: done });
  const total = usage.input_tokens + usage.output_tokens;
  send({ type: 'response.done', response: { ...response, status: 'completed', output: [done], usage: { total_tokens: total, ...usage } } });
}

/** What the mock answers each client event with, as OpenAI's realtime server does. */
function answer(socket: WebSocket, event: Record<string, unknown>, options: RealtimeMockOptions, session: { responses: number; model: string }): void {
  const send = (reply: object) => socket.send(JSON.stringify({ event_id: eventId(), ...reply }));
  switch (event.type) {
    case 'session.update':
      return send({ type: 'session.updated', session: { type: 'realtime', object: 'realtime.session', id: 'sess_mock', model: session.model, ...(event.session as object) } });
    case 'conversation.item.create':
      return send({ type: 'conversation.item.added', previous_item_id: null, item: { id: `item_user_${session.responses}`, ...(event.item as object), status: 'completed' } });
    case 'response.create':
      // A faulty upstream, when the test asks through the response's metadata: a frame that is not JSON, naming response.done.
      if ((event.response as { metadata?: { mock?: string } } | undefined)?.metadata?.mock === 'malformed') socket.send(MALFORMED_FRAME);
      sendResponse(socket, options.reply, options.usageOf(session.responses), session.responses);
      session.responses += 1;
      return;
    default:
      return send({ type: 'error', error: { type: 'invalid_request_error', code: 'unknown_event', message: `mock: unknown event ${String(event.type)}`, param: null, event_id: event.event_id ?? null } });
  }
}

const authorized = (headers: IncomingHttpHeaders, key: string) => headers.authorization === `Bearer ${key}` || headers['api-key'] === key;

/**
 * OpenAI's realtime WebSocket (and Azure's, at /openai/v1/realtime): refuses a bad key with HTTP
 * 401 and OpenAI's error body, sends `session.created`, answers session updates and conversation
 * items, and each `response.create` with the response's events, text deltas and a `response.done`
 * carrying the usage the test chose.
 */
export async function startRealtimeMock(options: RealtimeMockOptions): Promise<RealtimeMock> {
  const sessions: RealtimeMockSession[] = [];
  const server = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (!authorized(request.headers, options.key)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const seen: RealtimeMockSession = { url: request.url ?? '', headers: request.headers, received: [], closed: false };
      sessions.push(seen);
      const session = { responses: 0, model: new URL(seen.url, 'http://mock').searchParams.get('model') ?? '' };
      client.send(JSON.stringify({ event_id: eventId(), type: 'session.created', session: { type: 'realtime', object: 'realtime.session', id: 'sess_mock', model: session.model, output_modalities: ['audio'] } }));
      client.on('message', (data) => {
        const event = JSON.parse(String(data)) as Record<string, unknown>;
        seen.received.push(event);
        answer(client, event, options, session);
      });
      client.on('close', () => (seen.closed = true));
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    sessions,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await listening.close();
    },
  };
}
