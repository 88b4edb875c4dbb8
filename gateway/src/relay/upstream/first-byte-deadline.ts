import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { UpstreamCancel } from './upstream-cancel.js';

/** Whether an answer is a stream of server-sent events (its first byte is then worth waiting for). */
export const isEventStream = (response: Dispatcher.ResponseData): boolean => String(response.headers['content-type'] ?? '').includes('text/event-stream');

/** The answer again, its first chunk already taken: the same bytes, in order. */
function withFirstChunk(response: Dispatcher.ResponseData, first: Uint8Array, rest: AsyncIterator<Uint8Array>): Dispatcher.ResponseData {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield first;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  }
  return { ...response, body: Readable.from(chunks()) as unknown as Dispatcher.ResponseData['body'] };
}

/**
 * One streamed attempt's deadline for its first byte (StreamFirstByteTimeoutSeconds): the answer's
 * headers and its first chunk must come within `ms`, or the attempt is cancelled and counts as a
 * channel that did not answer, so the next channel is tried before anything reached the client.
 * The attempt has its own cancel, which the call's still cancels (a client that leaves).
 */
export class FirstByteDeadline {
  readonly cancel = new UpstreamCancel();
  private readonly timer: NodeJS.Timeout;

  constructor(call: UpstreamCancel, ms: number) {
    if (call.aborted) this.cancel.cancel();
    else call.once('abort', () => this.cancel.cancel());
    this.timer = setTimeout(() => this.cancel.cancel(), ms);
  }

  get timedOut(): boolean {
    return this.cancel.aborted;
  }

  /** The answer once its first byte came; a failed answer (its body read as an error) or one that is not a stream at once. */
  async firstByte(response: Dispatcher.ResponseData): Promise<Dispatcher.ResponseData> {
    if (response.statusCode >= 400 || !isEventStream(response)) return this.met(response);
    const chunks = (response.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    const first = await chunks.next();
    return this.met(first.done ? response : withFirstChunk(response, first.value, chunks));
  }

  /** Stops the clock; the attempt's cancel stays tied to the call's for the rest of the answer. */
  private met(response: Dispatcher.ResponseData): Dispatcher.ResponseData {
    clearTimeout(this.timer);
    return response;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
