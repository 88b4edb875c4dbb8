/**
 * Splits a server-sent-events byte stream into whole events, however the chunks fall. Line ends
 * may be CRLF (Google sends \r\n\r\n between events): they come out as LF.
 */
export class SseEventSplitter {
  private buffer = '';

  /** Whole events completed by this chunk, each with its separator. */
  push(text: string): string[] {
    // A CR at the very end may be half of a CRLF whose LF is in the next chunk: keep it for then.
    this.buffer = (this.buffer + text).replace(/\r\n|\r(?!$)/g, '\n');
    const events: string[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      events.push(this.buffer.slice(0, end + 2));
      this.buffer = this.buffer.slice(end + 2);
      end = this.buffer.indexOf('\n\n');
    }
    return events;
  }

  /** Whatever is left when the stream ends (a final event without its blank line). */
  rest(): string {
    const rest = this.buffer;
    this.buffer = '';
    return rest;
  }
}

/** The JSON of an event's `data:` line; null for `[DONE]`, comments, or data that is not JSON. */
export function eventJson(event: string): unknown {
  const data = dataOf(event);
  if (!data || data === '[DONE]') return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/**
 * The event's data lines joined. Nearly every event is one `data:` line, read without splitting:
 * this runs for every event of every stream.
 */
function dataOf(event: string): string {
  const trimmed = event.trimEnd();
  if (trimmed.startsWith('data:') && !trimmed.includes('\n')) return trimmed.slice(5).trimStart();
  return trimmed
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
}
