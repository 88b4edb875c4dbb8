/**
 * The most one event may hold before its blank line: 16 MiB of text, above any real event (a
 * streamed image's base64 included). An upstream that sends more without a separator would grow
 * the buffer for ever; the stream ends there instead, with what came before.
 */
export const MAX_SSE_EVENT_CHARS = 16 * 1024 * 1024;

/** An upstream event longer than the splitter's limit: the stream is ended, not buffered further. */
export class SseEventTooLarge extends Error {
  constructor(limit: number) {
    super(`an upstream event grew past ${limit} characters without its blank line`);
  }
}

/**
 * Splits a server-sent-events byte stream into whole events, however the chunks fall. Line ends
 * may be CRLF (Google sends \r\n\r\n between events): they come out as LF. Each chunk costs time
 * in its own length, not the event's: an unfinished event is kept as its pieces, joined once when
 * its blank line comes (a buffer string appended to and searched per chunk is flattened each time,
 * so an event in a thousand pieces was copied whole a thousand times), and it is bounded.
 */
export class SseEventSplitter {
  private pieces: string[] = [];
  private pendingChars = 0;
  /** The unfinished event's last character, where a blank line split by the chunks begins. */
  private lastChar = '';
  /** A CR that ended the last chunk: half of a CRLF whose LF may open the next one. */
  private carriedCR = false;

  constructor(private readonly maxEventChars = MAX_SSE_EVENT_CHARS) {}

  /** Whole events completed by this chunk, each with its separator. */
  push(text: string): string[] {
    const incoming = this.normalise(text);
    const events: string[] = [];
    let from = 0;
    // The first blank line may begin at the unfinished event's last character: it ends this chunk's
    // text at `end` all the same (the index just past it in `incoming`), or -1 when there is none.
    // (Looked for apart, not in `lastChar + incoming`: that string would copy every chunk once more.)
    let end = this.lastChar === '\n' && incoming.startsWith('\n') ? 1 : endOfEvent(incoming, 0);
    while (end !== -1) {
      events.push(this.take(incoming.slice(from, end)));
      from = end;
      end = endOfEvent(incoming, from);
    }
    this.keep(incoming.slice(from));
    return events;
  }

  /** Whatever is left when the stream ends (a final event without its blank line). */
  rest(): string {
    const rest = this.take(this.carriedCR ? '\r' : '');
    this.carriedCR = false;
    return rest;
  }

  /** The chunk with its line ends as LF; a CR at its very end is carried to the next chunk. */
  private normalise(text: string): string {
    let incoming = text;
    if (this.carriedCR) {
      this.carriedCR = false;
      incoming = `\n${incoming.startsWith('\n') ? incoming.slice(1) : incoming}`;
    }
    if (incoming.endsWith('\r')) {
      this.carriedCR = true;
      incoming = incoming.slice(0, -1);
    }
    return incoming.includes('\r') ? incoming.replace(/\r\n?/g, '\n') : incoming;
  }

  /** The unfinished event with `last` appended, whole; the splitter starts a new one. */
  private take(last: string): string {
    this.pieces.push(last);
    const event = this.pieces.join('');
    this.pieces = [];
    this.pendingChars = 0;
    this.lastChar = '';
    return event;
  }

  private keep(piece: string): void {
    if (piece === '') return;
    this.pieces.push(piece);
    this.pendingChars += piece.length;
    this.lastChar = piece.charAt(piece.length - 1);
    if (this.pendingChars > this.maxEventChars) throw new SseEventTooLarge(this.maxEventChars);
  }
}

/** The index just past the first blank line in `text` from `from`, or -1 when there is none. */
function endOfEvent(text: string, from: number): number {
  const at = text.indexOf('\n\n', from);
  return at === -1 ? -1 : at + 2;
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
