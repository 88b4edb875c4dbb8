/** The lines of a byte stream (JSONEachRow), a line split across chunks joined again. */
export async function* jsonLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield JSON.parse(line);
  }
  rest += decoder.decode();
  if (rest) yield JSON.parse(rest);
}
