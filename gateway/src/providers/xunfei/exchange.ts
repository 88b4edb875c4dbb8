import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import WebSocket from 'ws';
import type { UpstreamRequest } from '../types.js';
import { isLastFrame } from './frames.js';

/** The frames of one WebSocket exchange, as they arrive; ends after the last frame. */
async function* frames(url: string, frame: string, signal: AbortSignal): AsyncGenerator<string> {
  const socket = new WebSocket(url, { signal, handshakeTimeout: 30_000 });
  const queue: string[] = [];
  let wake = () => {};
  // Declared wider than its first value: the listeners set it, which TypeScript's narrowing cannot see.
  let failure = null as Error | null;
  let done = false;
  // The signal reaches the handshake only; a client that leaves mid-answer must close the socket too.
  signal.addEventListener('abort', () => socket.terminate(), { once: true });
  socket.on('open', () => socket.send(frame));
  socket.on('message', (data) => {
    queue.push(String(data));
    wake();
  });
  socket.on('error', (error) => {
    failure = error;
    wake();
  });
  socket.on('close', () => {
    done = true;
    wake();
  });
  try {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        if (isLastFrame(JSON.parse(next))) return;
      } else if (failure) throw failure;
      else if (done) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    socket.close();
  }
}

async function* bytes(source: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const text of source) yield Buffer.from(text);
}

/** A body the relay reads like undici's: iterable byte chunks, or its whole text. */
function bodyOf(chunks: AsyncIterable<string>): Dispatcher.ResponseData['body'] {
  const body = Readable.from(bytes(chunks)) as Readable & { text(): Promise<string> };
  body.text = async () => {
    let text = '';
    for await (const chunk of body) text += String(chunk);
    return text;
  };
  return body as unknown as Dispatcher.ResponseData['body'];
}

async function* asSse(source: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const frame of source) yield `data: ${frame}\n\n`;
}

async function* asJsonArray(source: AsyncIterable<string>): AsyncGenerator<string> {
  const all: string[] = [];
  for await (const frame of source) all.push(frame);
  yield `[${all.join(',')}]`;
}

/**
 * Sends the request frame over a WebSocket and answers as an HTTP response would: a streamed call
 * gets each frame as an SSE event as it comes, a plain one the array of all frames. The socket
 * opens when the relay starts reading, so a refused handshake surfaces as a broken body.
 */
export async function sparkExchange(upstream: UpstreamRequest, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  const url = (upstream.origin + upstream.path).replace(/^http/, 'ws');
  const source = frames(url, String(upstream.body), signal);
  const streamed = upstream.headers.accept === 'text/event-stream';
  const first = await source.next();
  const rest = (async function* () {
    if (!first.done) yield first.value;
    yield* source;
  })();
  const body = bodyOf(streamed ? asSse(rest) : asJsonArray(rest));
  const headers = { 'content-type': streamed ? 'text/event-stream' : 'application/json' };
  return { statusCode: 200, headers, body } as unknown as Dispatcher.ResponseData;
}
