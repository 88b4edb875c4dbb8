import type { FastifyReply, FastifyRequest } from 'fastify';
import { claudeUpstream } from '../providers/anthropic/index.js';
import { ANTHROPIC_CHANNEL_TYPE, claudePassthroughReader } from '../providers/anthropic/native.js';
import type { Channel } from '../ports/channel-store.js';
import type { Caller } from './caller.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayContext } from './relay-context.js';
import { relayWithPlan } from './relay-flow.js';
import { contentText, countedUsage, roughTokens } from './token-count.js';
import { upstreamModel } from './upstream-attempts.js';

/** The fields of a Messages API request the relay reads; the rest passes through untouched. */
export interface ClaudeBody extends Record<string, unknown> {
  model: string;
  max_tokens: number;
  messages: unknown[];
  system?: unknown;
  stream?: boolean;
}

const isClaudeChannel = (channel: Channel) => channel.type === ANTHROPIC_CHANNEL_TYPE;

/** The text of a Messages request (system and messages), for the hold and for counting. */
export function claudePromptText(body: Record<string, unknown>): string {
  return [contentText(body.system), contentText(body.messages)].filter(Boolean).join('\n');
}

/**
 * The native Messages API (/v1/messages), passed through byte for byte to a Claude channel with
 * the client's beta headers; usage is read as it passes. Billed like every other call.
 */
export function relayClaudeMessages(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: ClaudeBody): Promise<void> {
  const beta = request.headers['anthropic-beta'] as string | undefined;
  const prompt = claudePromptText(body);
  const reader = claudePassthroughReader();
  return relayWithPlan(ctx, caller, request, reply, {
    model: body.model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens: body.max_tokens,
    isStream: body.stream === true,
    accepts: isClaudeChannel,
    build: (channel) => claudeUpstream(channel, '/v1/messages', { ...body, model: upstreamModel(channel, body.model) }, beta),
    answer: ({ response }, startedAt, clock) =>
      body.stream === true ? pipeStreamAnswer(reply, response, reader, body.model, true, startedAt, clock) : forwardJsonAnswer(reply, response, reader, body.model, startedAt, clock),
    countUsage: (outcome) => countedUsage(prompt, outcome.text),
    forwardError: async (r, { status, text }) => {
      await r.code(status).header('content-type', 'application/json').send(text);
    },
  });
}

/** POST /v1/messages/count_tokens: asked of a Claude channel; counting costs nothing. */
export async function countClaudeTokens(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: ClaudeBody): Promise<void> {
  const channel = ctx.router.pick(caller.group, body.model, new Set(), isClaudeChannel);
  if (!channel) {
    await reply.code(200).send({ input_tokens: countedUsage(claudePromptText(body), '').promptTokens });
    return;
  }
  const beta = request.headers['anthropic-beta'] as string | undefined;
  const upstream = claudeUpstream(channel, '/v1/messages/count_tokens', { ...body, model: upstreamModel(channel, body.model) }, beta);
  const response = await ctx.pools.send(upstream, AbortSignal.timeout(30_000));
  await reply.code(response.statusCode).header('content-type', 'application/json').send(await response.body.text());
}
