import { tokenCountPool } from '../../providers/shared/token-count-pool.js';
import { dict } from '@tollgate/wire';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GEMINI_CHANNEL_TYPE } from '../../providers/gemini/index.js';
import { geminiPassthroughReader } from '../../providers/gemini/native.js';
import { providerFor } from '../../providers/index.js';
import type { GeminiNative } from '../../providers/types.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { Caller } from '../admission/caller.js';
import { geminiClientReader } from './gemini-surface/gemini-reader.js';
import { geminiRequestToOpenAI } from './gemini-surface/openai-request.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayContext } from '../relay-context.js';
import { RelayError } from '../../http/relay-error.js';
import { bounded, geminiLimit } from '../admission/output-limit.js';
import { relayWithPlan } from '../relay-flow.js';
import { roughTokens } from '../../providers/shared/token-count.js';
import { upstreamModel } from '../../channels/model-mapping.js';
import { requestParts } from '../../providers/shared/request-parts.js';
import { requestPartsGate } from './request-parts-gate.js';

/** The methods of Google's native surface this relay serves, whether each streams, and whether other providers can serve it. */
const METHODS: Record<string, { stream: boolean; anyChannel: boolean }> = dict({
  generateContent: { stream: false, anyChannel: true },
  streamGenerateContent: { stream: true, anyChannel: true },
  embedContent: { stream: false, anyChannel: false },
  batchEmbedContents: { stream: false, anyChannel: false },
});

const isGeminiChannel = (channel: Channel) => channel.type === GEMINI_CHANNEL_TYPE;

/** How the channel takes a Gemini client's own body for this model (Gemini, Vertex's Gemini models), or null. */
function nativeOf(channel: Channel, model: string): GeminiNative | null {
  const native = providerFor(channel.type).geminiNative;
  return native?.serves(upstreamModel(channel, model)) ? native : null;
}

/** The text of a native request (system instruction, contents, an embedContent's content, a batch's requests). */
function geminiPromptText(body: Record<string, unknown>): string {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.text === 'string') texts.push(record.text);
    for (const key of ['parts', 'contents', 'content', 'systemInstruction', 'requests']) collect(record[key]);
  };
  collect(body);
  return texts.join('\n');
}

/** `gemini-2.0-flash:generateContent` -> model and method; an unknown method is a 404. */
export function parseTarget(target: string): { model: string; method: string } {
  const at = target.lastIndexOf(':');
  const model = target.slice(0, at);
  const method = target.slice(at + 1);
  if (at <= 0 || !Object.hasOwn(METHODS, method)) throw new RelayError(404, `method ${target} is not served`, 'not_found', 'invalid_request_error');
  return { model, method };
}

/** An upstream failure in Google's error shape, for a Gemini client served by another provider. */
function googleError(status: number, text: string): object {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: number; message?: string; status?: string } };
    if (parsed.error?.status) return parsed; // already Google's
    return { error: { code: status, message: parsed.error?.message ?? `upstream error: status ${status}`, status: 'UNAVAILABLE' } };
  } catch {
    return { error: { code: status, message: `upstream error: status ${status}`, status: 'UNAVAILABLE' } };
  }
}

/**
 * Google's native generateContent surface. A channel that serves the model natively (Gemini,
 * Vertex's Gemini models) gets it untouched (streams always as SSE); any other channel gets it as
 * an OpenAI chat completion and its answer comes back in Google's shape. Embeddings go to Gemini
 * channels only. Usage read as it passes; billed as any call.
 */
export function relayGeminiNative(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, target: string, body: Record<string, unknown>): Promise<void> {
  const { model, method } = parseTarget(target);
  const { stream, anyChannel } = METHODS[method] ?? { stream: false, anyChannel: false };
  const prompt = geminiPromptText(body);
  // Function declarations and inline images reach a text-only provider only through the translation, which would drop them.
  const parts = requestPartsGate(() => requestParts(geminiRequestToOpenAI(body, model, stream)), (channel) => nativeOf(channel, model) !== null);
  return relayWithPlan(ctx, caller, request, reply, {
    model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens: anyChannel ? geminiLimit.own(body) : 0, // embeddings answer no tokens
    isStream: stream,
    accepts: anyChannel ? parts.accepts : isGeminiChannel,
    unservable: parts.unservable,
    build: (channel, outputLimit) => {
      const native = nativeOf(channel, model);
      const upstream = upstreamModel(channel, model);
      const limited = bounded(geminiLimit, body, outputLimit);
      return native ? native.request(channel, upstream, stream ? `${method}?alt=sse` : method, limited) : providerFor(channel.type).request(channel, '/v1/chat/completions', geminiRequestToOpenAI(limited, upstream, stream));
    },
    answer: ({ response, channel }, startedAt, clock) => {
      const reader = nativeOf(channel, model) ? geminiPassthroughReader : geminiClientReader(providerFor(channel.type));
      return stream ? pipeStreamAnswer(reply, response, reader, model, true, startedAt, clock) : forwardJsonAnswer(reply, response, reader, model, startedAt, clock);
    },
    countUsage: (outcome) => tokenCountPool.usage(prompt, outcome.text),
    forwardError: async (r, { status, text }) => {
      await r.code(status).header('content-type', 'application/json').send(googleError(status, text));
    },
  });
}
