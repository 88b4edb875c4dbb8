const encoder = new TextEncoder();

/** One JSON value as a server-sent event named by its `type`, as Anthropic frames its stream (its SDK reads the name). */
export const namedSseEvent = (json: { type: string } & Record<string, unknown>): Uint8Array => encoder.encode(`event: ${json.type}\ndata: ${JSON.stringify(json)}\n\n`);

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
