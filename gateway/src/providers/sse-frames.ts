const encoder = new TextEncoder();

/** One JSON value as the bytes of a server-sent event, for streams the relay reads as SSE. */
export const sseEvent = (json: unknown): Uint8Array => encoder.encode(`data: ${JSON.stringify(json)}\n\n`);

/** Splits a byte stream into its text lines, however the chunks fall (for JSON-lines streams). */
export async function* textLines(body: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    yield* lines;
  }
  if (buffer) yield buffer;
}

/** A stream of JSON lines (one value a line) as SSE, one event a line. */
export async function* jsonLinesAsSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const line of textLines(body)) if (line.trim()) yield encoder.encode(`data: ${line.trim()}\n\n`);
}
