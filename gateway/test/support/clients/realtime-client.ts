import { connect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';

/**
 * The openai SDK's realtime client always dials wss://; the test server speaks plain HTTP on
 * loopback, so its connection is a plain TCP socket to the same host and port (ws's
 * createConnection). Everything above the socket is the SDK's own.
 */
const plainSocket = (options: { host?: string; port?: number | string }) => connect(Number(options.port), options.host ?? '127.0.0.1');

/** A session opened by the SDK with the key in its Authorization header, resolved at `session.created`. */
export async function sdkSession(baseURL: string, key: string, model: string): Promise<OpenAIRealtimeWS> {
  const client = new OpenAI({ apiKey: key, baseURL, maxRetries: 0 });
  const session = new OpenAIRealtimeWS({ model, options: { createConnection: plainSocket } as never }, client);
  await new Promise<void>((resolve, reject) => {
    session.once('session.created', () => resolve());
    session.socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
    session.socket.once('error', reject);
  });
  return session;
}

/** One turn: a user message, then a response; resolves the streamed text and the response's usage. */
export async function respond(session: OpenAIRealtimeWS, text: string): Promise<{ text: string; usage: unknown }> {
  let streamed = '';
  const onDelta = (event: { delta: string }) => (streamed += event.delta);
  session.on('response.output_text.delta', onDelta);
  const done = new Promise<{ usage: unknown }>((resolve) => session.once('response.done', (event) => resolve({ usage: event.response.usage })));
  session.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
  session.send({ type: 'response.create' });
  const { usage } = await done;
  session.off('response.output_text.delta', onDelta);
  return { text: streamed, usage };
}

/** How an upgrade to `url` was answered: the session's socket, or the HTTP refusal's status and body. */
export function rawUpgrade(url: string, options: { headers?: Record<string, string>; protocols?: string[] } = {}): Promise<{ socket: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}
