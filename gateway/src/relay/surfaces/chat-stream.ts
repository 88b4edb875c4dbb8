import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { openAIChunkText } from '../../providers/shared/completion-text.js';
import type { AnswerReader, StreamFraming, StreamTranslator, Usage } from '../../providers/types.js';
import type { AnswerOutcome, BillUsage } from './chat-answer.js';
import { isWholeUsage } from '../../providers/shared/token-count.js';
import { openAIUsage } from '../../providers/openai-shapes.js';
import { OVERHEAD_HEADER, type OverheadClock } from '../overhead.js';
import { eventJson, SseEventSplitter } from '../../providers/shared/sse-events.js';
import { clientBackpressure } from '../upstream/client-backpressure.js';
import { CompletionTally } from '../completion-tally.js';
import { forEachChunk } from '../upstream/upstream-chunks.js';
import { asContentFiltered } from '../../providers/shared/content-filter.js';

/** The final chunk OpenAI sends for include_usage: usage and no choices. */
function isUsageOnly(json: unknown): boolean {
  const chunk = json as { usage?: unknown; choices?: unknown[] } | null;
  return Boolean(chunk?.usage) && Array.isArray(chunk?.choices) && chunk.choices.length === 0;
}

/** An event as the client receives it, and its parsed JSON (null for [DONE] and comments). */
interface OutEvent {
  out: string;
  json: unknown;
}

/** What the client receives for one upstream event: the event itself, or its translation. */
interface StreamMode {
  events(upstreamEvent: string, json: unknown): OutEvent[];
  end(): OutEvent[];
  usage(seen: Usage | null): Usage | null;
}

/** A `data:` event that is neither JSON nor [DONE]: a frame the upstream broke off mid-way. */
const isBrokenData = (event: string, json: unknown) => json === null && /^data:(?!\s*\[DONE\])\s*\S/m.test(event);

const passthrough: StreamMode = {
  // A broken frame is dropped, not forwarded: the client's SDK would fail on it instead of ending cleanly.
  events: (event, json) => (isBrokenData(event, json) ? [] : [{ out: event, json }]),
  end: () => [],
  usage: (seen) => seen,
};

/** The passthrough of a provider that says "filtered" its own way: that event is sent as OpenAI says it (content_filter). */
function filteringPassthrough(filtered: (chunk: unknown) => boolean): StreamMode {
  return {
    ...passthrough,
    events: (event, json) => (json !== null && filtered(json) ? [{ out: `data: ${JSON.stringify(asContentFiltered(json))}\n\n`, json }] : passthrough.events(event, json)),
  };
}

const openAIFraming: StreamFraming = { frame: (chunk) => `data: ${JSON.stringify(chunk)}\n\n`, closing: 'data: [DONE]\n\n' };
const DONE: OutEvent = { out: openAIFraming.closing, json: null };

/** How a stream cut short ends: a translation's closing events, or OpenAI's [DONE]. */
function endStopped(mode: StreamMode): OutEvent[] {
  const closing = mode.end();
  return closing.length > 0 ? closing : [DONE];
}

/**
 * An event of only a name, an id or comments (Dify's bare `event: ping`) has nothing to translate;
 * anything else goes to the translator, JSON or not (ChatGLM v3 streams raw text, PaLM one JSON body).
 */
function carriesNothing(event: string): boolean {
  return event.split('\n').every((line) => line.trim() === '' || line.startsWith(':') || /^(event|id|retry):/.test(line));
}

function translated(translator: StreamTranslator, framing: StreamFraming = openAIFraming): StreamMode {
  const asEvent = (chunk: object): OutEvent => ({ out: framing.frame(chunk), json: chunk });
  const closing = framing.closing ? [{ out: framing.closing, json: null }] : [];
  return {
    events: (event, json) => (carriesNothing(event) ? [] : translator.onEvent(json, event).map(asEvent)),
    end: () => [...(translator.finish?.() ?? []).map(asEvent), ...closing],
    usage: () => translator.usage(),
  };
}

/**
 * Pipes the upstream's SSE to the client event by event as it arrives, reading usage on the way
 * (translating it to OpenAI chunks when the provider speaks another protocol). Usage is always
 * asked of the upstream; the usage-only chunk reaches the client only if it asked. The upstream is
 * read at the client's pace: while the client's socket is full, nothing more is read. A broken
 * upstream or a client that left ends the stream; what was produced is still billed. When
 * `stopAt` says the text so far (it is fed each addition) hit a sensitive word, the chunk that completed it is not sent:
 * the stream ends there (the upstream is dropped) and what came before is billed.
 */
export async function pipeStreamAnswer(
  reply: FastifyReply,
  response: Dispatcher.ResponseData,
  adapter: AnswerReader,
  model: string,
  clientWantsUsage: boolean,
  startedAt: number,
  clock: OverheadClock,
  stopAt: ((added: string) => boolean) | null = null,
  bill?: BillUsage,
): Promise<AnswerOutcome> {
  reply.hijack();
  const raw = reply.raw;
  const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };
  raw.writeHead(200, { ...headers, [OVERHEAD_HEADER]: clock.report() });
  const mode = adapter.translation ? translated(adapter.translation.stream(model), adapter.translation.framing) : adapter.filtered ? filteringPassthrough(adapter.filtered) : passthrough;
  // What the client receives is read for text: OpenAI chunks after a provider's translation, else the reader's own shape.
  const textOf = adapter.translation && !adapter.translation.framing ? openAIChunkText : adapter.textOfChunk;
  const splitter = new SseEventSplitter();
  const decoder = new TextDecoder();
  let seen: Usage | null = null;
  const text = new CompletionTally();
  let firstResponseMs = -1;
  let stopped = false;
  // Only an OpenAI-framed translation's usage chunk is rewritten; its last chunk names the one written.
  const tellsBilled = bill && adapter.translation && !adapter.translation.framing ? bill : null;
  let lastChunk: ChunkHead | null = null;
  const emit = ({ out, json }: OutEvent) => {
    const added = json ? textOf(json) : '';
    if (stopAt && added && stopAt(added)) {
      stopped = true;
      return;
    }
    if (tellsBilled && json) lastChunk = json as ChunkHead;
    seen = adapter.usageOfChunk(json) ?? seen;
    text.add(added);
    if (!clientWantsUsage && isUsageOnly(json)) return;
    if (firstResponseMs < 0) firstResponseMs = Date.now() - startedAt;
    raw.write(out);
  };
  const forward = (event: string) => {
    for (const out of mode.events(event, eventJson(event))) if (!stopped) emit(out);
  };
  const onChunk = (chunk: Uint8Array) => {
    for (const event of splitter.push(decoder.decode(chunk, { stream: true }))) forward(event);
    return !stopped; // false drops the upstream connection
  };
  let billed: Usage | undefined;
  try {
    await forEachChunk(adapter.asSse?.(response.body) ?? response.body, onChunk, clientBackpressure(raw));
    const rest = splitter.rest();
    if (rest.trim() && !stopped) forward(rest);
    if (stopped) endStopped(mode).forEach(({ out }) => raw.write(out));
    else if (tellsBilled) billed = await endTellingBilled(mode.end(), emit, () => lastChunk, () => ({ usage: mode.usage(seen), text: text.text(), countedTokens: text.countedTokens(), firstResponseMs: 0 }), tellsBilled);
    else mode.end().forEach(emit);
  } catch {
    // The upstream broke off or the client left: end what we have and bill it.
  }
  raw.end();
  return { usage: mode.usage(seen), text: text.text(), countedTokens: text.countedTokens(), firstResponseMs: Math.max(firstResponseMs, 0), ...(billed ? { billed } : {}) };
}

/** What a usage chunk copies from the stream's last chunk. */
interface ChunkHead {
  id?: string;
  created?: number;
  model?: string;
}

/**
 * Ends a translated stream whose provider reported no usage, or part of it (AI Proxy's library,
 * PaLM): its last text and finish first, then the usage chunk with the usage billed, worked out
 * from everything the client received (emit drops that chunk unless the client asked for it), then [DONE].
 */
async function endTellingBilled(closing: OutEvent[], emit: (event: OutEvent) => void, lastChunk: () => ChunkHead | null, soFar: () => AnswerOutcome, bill: BillUsage): Promise<Usage | undefined> {
  const isTail = (event: OutEvent) => event.json === null || isUsageOnly(event.json);
  closing.filter((event) => !isTail(event)).forEach(emit);
  const outcome = soFar();
  const head = lastChunk();
  if (isWholeUsage(outcome.usage, outcome.text) || !head) {
    closing.filter(isTail).forEach(emit);
    return undefined;
  }
  const billed = await bill(outcome);
  const chunk = { id: head.id, object: 'chat.completion.chunk', created: head.created, model: head.model, choices: [], usage: openAIUsage(billed) };
  emit({ out: openAIFraming.frame(chunk), json: chunk });
  closing.filter((event) => event.json === null).forEach(emit);
  return billed;
}
