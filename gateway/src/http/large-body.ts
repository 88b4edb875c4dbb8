import type { IncomingHttpHeaders } from 'node:http';

/**
 * A body past this many bytes is handled in steps, each on its own turn of the event loop:
 * decoding and parsing the client's body, the relay's admission, writing the upstream body, and
 * encoding it for the socket. For a 10 MB body each takes 5 to 15 ms, and other requests are
 * served between them rather than waiting for all of them (issue #33: /api/status p99 under 50 ms
 * while a 10 MB prompt is relayed). Smaller bodies take no extra turn: a turn costs a call ~10 µs.
 */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** Resolves on the event loop's next turn, after the I/O that is waiting now. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether a request says it carries a large body (its content-length; a chunked body is read in steps by the parser already). */
export function declaresLargeBody(headers: IncomingHttpHeaders): boolean {
  return Number(headers['content-length'] ?? 0) > LARGE_BODY_BYTES;
}

/** Whether an upstream body is a large text, which encodedInTurns should encode before it is sent. */
export const isLargeText = (body: string | Buffer): body is string => typeof body === 'string' && body.length > LARGE_BODY_BYTES;

/** A large text encoded to UTF-8 on a turn of its own (10 MB: ~8 ms, which undici would otherwise spend in the turn that writes it). */
export async function encodedInTurns(text: string): Promise<Buffer> {
  await nextTurn();
  const bytes = Buffer.from(text, 'utf8');
  await nextTurn();
  return bytes;
}
