import type { FastifyReply, FastifyRequest } from 'fastify';
import { GEMINI_CHANNEL_TYPE, geminiUpstream } from '../providers/gemini/index.js';
import { geminiPassthroughReader } from '../providers/gemini/native.js';
import type { Channel } from '../ports/channel-store.js';
import type { Caller } from './caller.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayContext } from './relay-context.js';
import { RelayError } from './relay-error.js';
import { relayWithPlan } from './relay-flow.js';
import { countedUsage, roughTokens } from './token-count.js';
import { upstreamModel } from './upstream-attempts.js';

/** The methods of Google's native surface this relay serves, and whether each streams. */
const METHODS: Record<string, { stream: boolean }> = {
  generateContent: { stream: false },
  streamGenerateContent: { stream: true },
  embedContent: { stream: false },
  batchEmbedContents: { stream: false },
};

const isGeminiChannel = (channel: Channel) => channel.type === GEMINI_CHANNEL_TYPE;

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
  if (at <= 0 || !(method in METHODS)) throw new RelayError(404, `method ${target} is not served`, 'not_found', 'invalid_request_error');
  return { model, method };
}

/**
 * Google's native generateContent surface, passed through untouched to a Gemini channel; usage
 * read as it passes (streams always as SSE). Billed like every other call.
 */
export function relayGeminiNative(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, target: string, body: Record<string, unknown>): Promise<void> {
  const { model, method } = parseTarget(target);
  const stream = METHODS[method]?.stream === true;
  const prompt = geminiPromptText(body);
  const maxTokens = Number((body.generationConfig as { maxOutputTokens?: unknown } | undefined)?.maxOutputTokens ?? 0) || 0;
  return relayWithPlan(ctx, caller, request, reply, {
    model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens,
    isStream: stream,
    accepts: isGeminiChannel,
    build: (channel) => geminiUpstream(channel, upstreamModel(channel, model), stream ? `${method}?alt=sse` : method, body),
    answer: ({ response }, startedAt, clock) =>
      stream ? pipeStreamAnswer(reply, response, geminiPassthroughReader, model, true, startedAt, clock) : forwardJsonAnswer(reply, response, geminiPassthroughReader, model, startedAt, clock),
    countUsage: (outcome) => countedUsage(prompt, outcome.text),
    forwardError: async (r, { status, text }) => {
      await r.code(status).header('content-type', 'application/json').send(text);
    },
  });
}
