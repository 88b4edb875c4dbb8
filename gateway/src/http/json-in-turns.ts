import { LARGE_BODY_BYTES, nextTurn } from './large-body.js';

/**
 * JSON for an upstream whose body holds a very long string (a 10 MB prompt). JSON.stringify of it
 * takes 25 ms and encoding the text 20 to 30 ms more here, each in one turn of the event loop, with
 * the collector copying the growing text meanwhile; together they held /api/status for 60 to 130 ms.
 * Written here a slice at a time, each slice on its own turn, straight into one buffer.
 */

/** The most characters of a string written in one turn. */
const SLICE_CHARS = 1024 * 1024;

/** Whether a JSON value holds a string longer than LARGE_BODY_BYTES; the walk ends at the first. */
export function holdsLargeString(value: unknown): boolean {
  if (typeof value === 'string') return value.length > LARGE_BODY_BYTES;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsLargeString);
  for (const key in value) if (holdsLargeString((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** A long string, kept aside to be written in slices. */
class LongString {
  constructor(readonly text: string) {}
}

type Part = string | LongString;

/** The value's JSON as parts, as JSON.stringify writes it, with each long string kept aside. */
function partsOf(value: unknown, parts: Part[]): void {
  if (typeof value === 'string' && value.length > SLICE_CHARS) parts.push(new LongString(value));
  else if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') parts.push(JSON.stringify(value) ?? 'null');
  else if (Array.isArray(value)) arrayParts(value, parts);
  else objectParts(value as Record<string, unknown>, parts);
}

function arrayParts(items: unknown[], parts: Part[]): void {
  parts.push('[');
  items.forEach((item, index) => {
    if (index > 0) parts.push(',');
    partsOf(item, parts);
  });
  parts.push(']');
}

function objectParts(object: Record<string, unknown>, parts: Part[]): void {
  parts.push('{');
  let first = true;
  for (const [key, member] of Object.entries(object)) {
    // JSON.stringify leaves out members it cannot write (undefined, functions, symbols).
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    parts.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    partsOf(member, parts);
  }
  parts.push('}');
}

/** Where a slice starting at `start` ends: SLICE_CHARS on, never between the two halves of a surrogate pair. */
function sliceEnd(text: string, start: number): number {
  const end = Math.min(text.length, start + SLICE_CHARS);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/** A long string's JSON, a slice a turn: the quotes, and each slice escaped as JSON.stringify escapes it. */
async function* longStringTexts(text: string): AsyncGenerator<string> {
  yield '"';
  for (let start = 0; start < text.length; ) {
    const end = sliceEnd(text, start);
    await nextTurn();
    yield JSON.stringify(text.slice(start, end)).slice(1, -1);
    start = end;
  }
  yield '"';
}

/** The value's JSON in UTF-8, the same bytes as Buffer.from(JSON.stringify(value)), written over many turns. */
export async function jsonBytesInTurns(value: unknown): Promise<Buffer> {
  const parts: Part[] = [];
  partsOf(value, parts);
  const texts: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') texts.push(part);
    else for await (const text of longStringTexts(part.text)) texts.push(text);
  }
  return encodedInSlices(texts);
}

/** The texts' UTF-8 bytes in one buffer, encoded about SLICE_CHARS at a time. */
async function encodedInSlices(texts: string[]): Promise<Buffer> {
  let total = 0;
  for (const text of texts) total += Buffer.byteLength(text, 'utf8');
  const bytes = Buffer.allocUnsafe(total);
  let offset = 0;
  let sinceTurn = 0;
  for (const text of texts) {
    if (sinceTurn + text.length > SLICE_CHARS) {
      await nextTurn();
      sinceTurn = 0;
    }
    offset += bytes.write(text, offset, 'utf8');
    sinceTurn += text.length;
  }
  return bytes;
}
