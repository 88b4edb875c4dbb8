import type { FastifyInstance } from 'fastify';
import { LARGE_BODY_BYTES, nextTurn } from './large-body.js';

/** The largest body any route reads (an audio upload or a long conversation); past it, a 413. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The deepest nesting a JSON body may have. Real requests stay far below it (a tool's JSON
 * Schema nests a dozen levels); past it, every recursive reader of the body (prompt counting,
 * translation to another provider) would risk the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** A JSON body refused before any route reads it: a 400 in the surface's error shape, saying where. */
export class BodyRefused extends Error {
  readonly statusCode = 400;

  constructor(
    readonly code: 'GW_ERR_BODY_EMPTY' | 'GW_ERR_BODY_NOT_JSON' | 'GW_ERR_BODY_TOO_DEEP' | 'GW_ERR_BODY_FORBIDDEN_KEY',
    message: string,
  ) {
    super(message);
    this.name = 'BodyRefused';
  }
}

interface Frame {
  inObject: boolean;
  /** The member key being read (objects), or the element index (arrays). */
  at: string | number;
  expectKey: boolean;
}

const pathText = (frames: Frame[]) => frames.map((frame) => String(frame.at)).join('.') || '(body)';

/**
 * Where the JSON text first nests deeper than MAX_JSON_DEPTH (a dotted path), or null. A scan of
 * the text, not of the parsed value: JSON.parse of a deeply nested body blocks the event loop for
 * seconds (8 MB of nesting: 1.7 s), so a body that deep is refused before it is parsed.
 */
export function tooDeepAt(text: string): string | null {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      const top = frames.at(-1);
      if (top?.inObject && top.expectKey) top.at = readKey(text.slice(i, end + 1));
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (frames.length >= MAX_JSON_DEPTH) return pathText(frames);
      frames.push({ inObject: c === 0x7b, at: c === 0x7b ? '' : 0, expectKey: c === 0x7b });
    } else if (c === 0x7d || c === 0x5d) frames.pop();
    else if (c === 0x3a) setExpectKey(frames, false);
    else if (c === 0x2c) nextMember(frames);
  }
  return null;
}

/**
 * The index of the quote that closes the string opening at `start` (the text's end if none). It
 * jumps from quote to quote with indexOf, which scans far faster than a loop over characters (a
 * 10 MB string: under a millisecond, against 25 ms), and a quote closes the string when an even
 * number of backslashes precede it. Each backslash is looked at once: linear on any text.
 */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

function readKey(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted;
  }
}

function setExpectKey(frames: Frame[], expectKey: boolean): void {
  const top = frames.at(-1);
  if (top) top.expectKey = expectKey;
}

function nextMember(frames: Frame[]): void {
  const top = frames.at(-1);
  if (!top) return;
  if (top.inObject) top.expectKey = true;
  else top.at = Number(top.at) + 1;
}

/**
 * A key that would reach an object's prototype once the body is copied (`__proto__`,
 * `constructor.prototype`), refused as Fastify's own parser refuses them; its path, or null.
 * The text was already found shallow enough, so this walk is short.
 */
export function forbiddenKeyAt(value: unknown): string | null {
  const path = forbiddenPath(value);
  return path ? path.join('.') : null;
}

/** The path is built on the way back up, so a clean body allocates none. */
function forbiddenPath(value: unknown): string[] | null {
  if (!value || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const poisoned = key === '__proto__' || (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype'));
    if (poisoned) return [key];
    const below = forbiddenPath(child);
    if (below) return [key, ...below];
  }
  return null;
}

/**
 * Whether the text nests deeper than MAX_JSON_DEPTH: the same scan as tooDeepAt without tracking
 * where, so the common shallow body costs one tight loop and no allocation; tooDeepAt runs only
 * to name the place in the error.
 */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--;
  }
  return false;
}

/**
 * Whether the text could hold a prototype key: it names one, or escapes characters (a key can
 * spell `__proto__` with \u escapes). Most bodies do neither, and skip the walk of the value.
 */
const mayHoldPrototypeKey = (text: string) => text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');

/** The first of parseJsonBody's steps: a body that is empty or nests too deep is refused before it is parsed. */
function refuseShape(text: string): void {
  if (text.length === 0) throw new BodyRefused('GW_ERR_BODY_EMPTY', 'body is empty but content-type is application/json');
  if (nestsTooDeep(text)) throw new BodyRefused('GW_ERR_BODY_TOO_DEEP', `body nests deeper than ${MAX_JSON_DEPTH} levels at ${tooDeepAt(text)}`);
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyRefused('GW_ERR_BODY_NOT_JSON', `body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The last step: JSON.parse defines `__proto__` as a plain own key, which a copy of the value would turn into a prototype. */
function refusePrototypeKeys(text: string, value: unknown): void {
  const forbidden = mayHoldPrototypeKey(text) ? forbiddenKeyAt(value) : null;
  if (forbidden) throw new BodyRefused('GW_ERR_BODY_FORBIDDEN_KEY', `body has a forbidden key at ${forbidden}`);
}

/** Parses a JSON body: shallow enough, JSON, no prototype keys. */
export function parseJsonBody(text: string): unknown {
  refuseShape(text);
  const value = parseText(text);
  refusePrototypeKeys(text, value);
  return value;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as the client sent it, for a relay that passes it through unchanged (pass-through.ts). */
    rawJsonBody?: string;
  }
}

/**
 * Decodes and parses a large JSON body, each of parseJsonBody's steps on its own turn of the event
 * loop (a 10 MB body: decoding ~8 ms, the shape ~2 ms, JSON.parse ~15 ms, the prototype keys ~6 ms),
 * so other requests are served between them; the text too when it is kept.
 */
async function readInSteps(body: Buffer, keepText: boolean): Promise<{ parsed: unknown; text?: string }> {
  await nextTurn();
  const text = body.toString('utf8');
  await nextTurn();
  refuseShape(text);
  await nextTurn();
  const parsed = parseText(text);
  await nextTurn();
  refusePrototypeKeys(text, parsed);
  await nextTurn();
  return keepText ? { parsed, text } : { parsed };
}

/**
 * The JSON parser of every route. `keepsRawText` says whether the relay may pass bodies through
 * unchanged: only then is the client's text kept beside the parsed value, so a large body (images
 * in base64) is not held twice for the whole call when nothing reads the text.
 */
export function registerJsonBodyParser(app: FastifyInstance, keepsRawText: () => boolean): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (body.length > LARGE_BODY_BYTES) {
      readInSteps(body, keepsRawText()).then(({ parsed, text }) => {
        if (text !== undefined) request.rawJsonBody = text;
        done(null, parsed);
      }, done);
      return;
    }
    try {
      const text = body.toString('utf8');
      const parsed = parseJsonBody(text);
      if (keepsRawText()) request.rawJsonBody = text;
      done(null, parsed);
    } catch (error) {
      done(error as BodyRefused, undefined);
    }
  });
}
