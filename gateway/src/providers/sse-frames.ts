const encoder = new TextEncoder();

/** One JSON value as a server-sent event named by its `type`, as Anthropic frames its stream (its SDK reads the name). */
export const namedSseEvent = (json: { type: string } & Record<string, unknown>): Uint8Array => encoder.encode(`event: ${json.type}\ndata: ${JSON.stringify(json)}\n\n`);

/** Splits a byte stream into its text lines, however the chunks fall (for JSON-lines streams); linear in a line's length however long (issue #33). */
export async function* textLines(body: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let open: string[] = [];
  for await (const chunk of body) {
    const text = decoder.decode(chunk, { stream: true });
    if (!text.includes('\n')) {
      open.push(text);
      continue;
    }
    const lines = (open.join('') + text).split('\n');
    open = [lines.pop() ?? ''];
    yield* lines;
  }
  const rest = open.join('');
  if (rest) yield rest;
}

/** A stream of JSON lines (one value a line) as SSE, one event a line. */
export async function* jsonLinesAsSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const line of textLines(body)) if (line.trim()) yield encoder.encode(`data: ${line.trim()}\n\n`);
}
