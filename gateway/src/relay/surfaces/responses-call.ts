import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenCountPool } from '../../providers/shared/token-count-pool.js';
import { responsesReader } from '../../providers/openai/responses.js';
import type { Caller } from '../admission/caller.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import { openAIUpstream, speaksOpenAI } from '../upstream/openai-upstream.js';
import type { RelayContext } from '../relay-context.js';
import { bounded, responsesLimit } from '../admission/output-limit.js';
import { relayWithPlan } from '../relay-flow.js';
import { contentText, roughTokens } from '../../providers/shared/token-count.js';
import { withSearchAllowance } from './responses-tools.js';

/** The fields of a Responses API request the relay reads; the rest passes through untouched. */
export interface ResponsesBody extends Record<string, unknown> {
  model: string;
  input?: unknown;
  instructions?: unknown;
  stream?: boolean;
  max_output_tokens?: number | null;
}

/** The text a Responses request sends: its instructions and its input. */
const promptOf = (body: ResponsesBody): string => [contentText(body.instructions), contentText(body.input)].filter(Boolean).join('\n');

/**
 * POST /v1/responses, plain or streamed, passed through to a channel that speaks OpenAI. Billed
 * by the usage of the answer, or of the stream's `response.completed` event; counted from the
 * input and the streamed text when an upstream gives none.
 */
export function relayResponses(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: ResponsesBody): Promise<void> {
  const stream = body.stream === true;
  const prompt = promptOf(body);
  return relayWithPlan(ctx, caller, request, reply, {
    model: body.model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens: responsesLimit.own(body),
    isStream: stream,
    accepts: speaksOpenAI,
    priceQuote: (quote) => withSearchAllowance(quote, body.tools),
    build: (channel, outputLimit) => openAIUpstream(channel, '/v1/responses', body.model, { kind: 'json', body: bounded(responsesLimit, body, outputLimit) }),
    answer: ({ response }, startedAt, clock) =>
      stream ? pipeStreamAnswer(reply, response, responsesReader, body.model, true, startedAt, clock) : forwardJsonAnswer(reply, response, responsesReader, body.model, startedAt, clock),
    countUsage: (outcome) => tokenCountPool.usage(prompt, outcome.text),
  });
}

/**
 * POST /v1/responses/compact, as new-api serves it to Codex-style clients: the conversation sent
 * to the channel's `/v1/responses/compact`, its compacted window answered as is (never streamed),
 * billed like a response by the answer's usage. The endpoint takes no output limit, so the charge
 * is bounded by the hold alone (the model's most output), as a transcription's is.
 */
export function relayResponsesCompact(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: ResponsesBody): Promise<void> {
  const prompt = promptOf(body);
  return relayWithPlan(ctx, caller, request, reply, {
    model: body.model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens: undefined,
    isStream: false,
    accepts: speaksOpenAI,
    build: (channel) => openAIUpstream(channel, '/v1/responses/compact', body.model, { kind: 'json', body }),
    answer: ({ response }, startedAt, clock) => forwardJsonAnswer(reply, response, responsesReader, body.model, startedAt, clock),
    countUsage: (outcome) => tokenCountPool.usage(prompt, outcome.text),
  });
}
