import type { ServerResponse } from 'node:http';
import { type ProviderMock, type SeenRequest, sendJson, startProviderMock } from '../../mock-upstream/provider-mock.js';
import { type CaseName, caseOfRequest, cellIdOf, SCRIPT } from '../matrix-cases.js';

/** What one answer of a family mock says, in no protocol yet. */
export interface Script {
  /** The answer's text; empty when it is a tool call. */
  text: string;
  tool: { id: string; name: string; args: Record<string, unknown> } | null;
  /** The usage the provider reports, or null when it sends none. */
  usage: { prompt: number; completion: number } | null;
  /** `refusal`: the provider's own content-filter signal. */
  finish: 'stop' | 'tool_calls' | 'refusal';
}

/** One wire protocol, spoken by every provider of its family: how it answers, streams and fails. */
export interface WireFamily {
  /** Requests that are not a model call (a token exchange): answers them and says so. */
  aside?(seen: SeenRequest, response: ServerResponse): boolean;
  /** Whether a request goes where this protocol answers (the others get its 404); any, when absent. */
  serves?(seen: SeenRequest): boolean;
  streamed(seen: SeenRequest): boolean;
  answer(seen: SeenRequest, script: Script): object;
  /** A stream's frames, each whole (with its blank line), the closing line included; binary for a protocol that is not SSE. */
  frames(seen: SeenRequest, script: Script): (string | Uint8Array)[];
  /** The stream's content type, when it is not SSE. */
  streamType?: string;
  /** The provider's error body for an HTTP status. */
  error(status: number, message: string): object;
  /** Where a family answers its errors with 200 and a code in the body (Baidu), the status it sends; else the error's own. */
  errorStatus?(status: number): number;
  /** A frame of this protocol cut mid-way (for the request's protocol, where a family speaks two). */
  broken?: string | Uint8Array | ((seen: SeenRequest) => string | Uint8Array);
}

/**
 * The cells whose first attempt has failed, across every family mock: a provider fails the first
 * attempt (a rate limit, or a refusal a provider of the 200 families sends with status 200), and a
 * retry (to any channel) is answered.
 */
const failedOnce = new Set<string>();

function failOnce(raw: string, status: number): Script | number {
  const id = cellIdOf(raw) ?? '';
  if (failedOnce.has(id)) return answering(SCRIPT.reply);
  failedOnce.add(id);
  return status;
}

const answering = (text: string, usage: Script['usage'] = SCRIPT.usage): Script => ({ text, tool: null, usage, finish: 'stop' });

/** The script for a cell that answers, or the status of one that fails. */
export function scriptFor(name: CaseName, raw: string): Script | number {
  switch (name) {
    case 'tools':
      return raw.includes(SCRIPT.toolResult) ? answering(SCRIPT.afterTool) : { text: '', tool: SCRIPT.tool, usage: SCRIPT.usage, finish: 'tool_calls' };
    case 'images':
      return raw.includes(SCRIPT.pixelBase64) ? answering(SCRIPT.seesImage) : 400;
    case '429':
      return failOnce(raw, 429);
    case '200-refusal':
      return failOnce(raw, 500);
    case '5xx':
      return 500;
    case 'no-usage':
    case 'malformed-stream':
      return answering(SCRIPT.reply, null);
    case 'refusal':
      return { ...answering(SCRIPT.refused), finish: 'refusal' };
    default:
      return answering(SCRIPT.reply);
  }
}

function writeFrames(family: WireFamily, response: ServerResponse, frames: (string | Uint8Array)[]): void {
  response.writeHead(200, { 'content-type': family.streamType ?? 'text/event-stream', 'cache-control': 'no-cache' });
  for (const frame of frames) response.write(frame);
  response.end();
}

/** Half the answer's frames, then one cut mid-JSON, then the end: what a dropped upstream leaves. */
function writeBroken(family: WireFamily, seen: SeenRequest, response: ServerResponse, frames: (string | Uint8Array)[]): void {
  const broken = typeof family.broken === 'function' ? family.broken(seen) : (family.broken ?? 'data: {"choices":[{"delta":{"content":"Par\n\n');
  writeFrames(family, response, [...frames.slice(0, Math.ceil(frames.length / 2)), broken]);
}

/** A real HTTP server on loopback speaking one family's protocol; each request's case is read from the tag in its prompt. */
export async function startFamilyMock(family: WireFamily): Promise<ProviderMock> {
  return startProviderMock((seen, response) => {
    if (family.aside?.(seen, response)) return;
    if (family.serves?.(seen) === false) return sendJson(response, 404, family.error(404, `no such path ${seen.path}`));
    const name = caseOfRequest(seen.text);
    const script = scriptFor(name, seen.text);
    if (typeof script === 'number') return sendJson(response, family.errorStatus?.(script) ?? script, family.error(script, `matrix ${name}`));
    if (name === 'malformed-stream') return writeBroken(family, seen, response, family.frames(seen, script));
    if (family.streamed(seen)) return writeFrames(family, response, family.frames(seen, script));
    sendJson(response, 200, family.answer(seen, script));
  });
}

/** One SSE frame of JSON, named when the protocol names its events. */
export const sseFrame = (data: object, event?: string): string => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** The text cut in word-sized pieces, as providers stream it. */
export const words = (text: string): string[] => (text ? text.split(/(?<= )/) : []);
