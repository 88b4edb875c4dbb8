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

/**
 * POST /v1/responses, plain or streamed, passed through to a channel that speaks OpenAI. Billed
 * by the usage of the answer, or of the stream's `response.completed` event; counted from the
 * input and the streamed text when an upstream gives none.
 */
export function relayResponses(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: ResponsesBody): Promise<void> {
  const stream = body.stream === true;
  const prompt = [contentText(body.instructions), contentText(body.input)].filter(Boolean).join('\n');
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
