import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenCountPool } from '../../providers/shared/token-count-pool.js';
import { claudeUpstream } from '../../providers/anthropic/index.js';
import { providerFor } from '../../providers/index.js';
import { ANTHROPIC_CHANNEL_TYPE, claudePassthroughReader } from '../../providers/anthropic/native.js';
import type { ClaudeNative } from '../../providers/types.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { Caller } from '../admission/caller.js';
import { inServingGroup } from '../admission/auto-group.js';
import type { ClaudeBody } from './claude-surface/claude-body.js';
import { claudeClientReader } from './claude-surface/claude-reader.js';
import { claudeRequestToOpenAI } from './claude-surface/openai-request.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayContext } from '../relay-context.js';
import { bounded, claudeLimit } from '../admission/output-limit.js';
import { relayWithPlan } from '../relay-flow.js';
import { asksHourLongCache, searchAllowance } from './claude-surface/worst-case-hints.js';
import type { PriceQuote } from '../../billing/pricing.js';
import { contentText, roughTokens } from '../../providers/shared/token-count.js';
import { upstreamModel } from '../../channels/model-mapping.js';
import { requestParts } from '../../providers/shared/request-parts.js';
import { requestPartsGate } from './request-parts-gate.js';

const isClaudeChannel = (channel: Channel) => channel.type === ANTHROPIC_CHANNEL_TYPE;

/** How the channel takes a Claude client's own body for this model (Anthropic, Bedrock, Vertex's Claude), or null. */
function nativeOf(channel: Channel, model: string): ClaudeNative | null {
  const native = providerFor(channel.type).claudeNative;
  return native?.serves(upstreamModel(channel, model)) ? native : null;
}

/** The text of a Messages request (system and messages), for the hold and for counting. */
export function claudePromptText(body: Record<string, unknown>): string {
  return [contentText(body.system), contentText(body.messages)].filter(Boolean).join('\n');
}

/** An upstream failure in Anthropic's error shape, for a Claude client served by another provider. */
function claudeError(status: number, text: string): object {
  let message = `upstream error: status ${status}`;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    message = (typeof parsed.error === 'string' ? parsed.error : parsed.error?.message) ?? parsed.message ?? message;
  } catch {
    // Not JSON: the status says enough.
  }
  return { type: 'error', error: { type: 'api_error', message } };
}

/** The quote as the request shapes its worst case: hour-long cache writes, and the web searches it allows. */
function claudeQuote(quote: PriceQuote, body: ClaudeBody): PriceQuote {
  const toolAllowance = searchAllowance(body);
  return { ...quote, ...(asksHourLongCache(body) ? { hourLongWrites: true } : {}), ...(toolAllowance ? { toolAllowance } : {}) };
}

/**
 * The native Messages API (/v1/messages). A channel that serves Claude's models natively
 * (Anthropic, AWS Bedrock, Vertex) gets the client's body as it came, with the client's beta
 * flags, in its own envelope, and its answer passes back untouched; any other channel gets it as
 * an OpenAI chat completion (in its own protocol after that), and its answer comes back in
 * Claude's shape. Usage is read as it passes; billed as any call.
 */
export function relayClaudeMessages(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, body: ClaudeBody): Promise<void> {
  const beta = request.headers['anthropic-beta'] as string | undefined;
  const prompt = claudePromptText(body);
  const stream = body.stream === true;
  // Tools and images reach a text-only provider only through the translation, which would drop them.
  const parts = requestPartsGate(() => requestParts(claudeRequestToOpenAI(body)), (channel) => nativeOf(channel, body.model) !== null);
  return relayWithPlan(ctx, caller, request, reply, {
    model: body.model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens: claudeLimit.own(body),
    isStream: stream,
    priceQuote: (quote: PriceQuote) => claudeQuote(quote, body),
    accepts: parts.accepts,
    unservable: parts.unservable,
    build: (channel, outputLimit) => {
      const model = upstreamModel(channel, body.model);
      const native = nativeOf(channel, body.model);
      const limited = bounded(claudeLimit, body, outputLimit);
      return native ? native.request(channel, { ...limited, model }, beta) : providerFor(channel.type).request(channel, '/v1/chat/completions', { ...claudeRequestToOpenAI(limited), model });
    },
    answer: ({ response, channel }, startedAt, clock) => {
      const native = nativeOf(channel, body.model);
      const reader = native ? { ...claudePassthroughReader(), asSse: native.asSse } : claudeClientReader(providerFor(channel.type));
      return stream ? pipeStreamAnswer(reply, response, reader, body.model, true, startedAt, clock) : forwardJsonAnswer(reply, response, reader, body.model, startedAt, clock);
    },
    countUsage: (outcome) => tokenCountPool.usage(prompt, outcome.text),
    forwardError: async (r, { status, text }) => {
      await r.code(status).header('content-type', 'application/json').send(isJsonClaudeError(text) ? text : claudeError(status, text));
    },
  });
}

/** A Claude channel's own error body passes as it is; anything else is put in Claude's shape. */
function isJsonClaudeError(text: string): boolean {
  try {
    return (JSON.parse(text) as { type?: string }).type === 'error';
  } catch {
    return false;
  }
}

/** POST /v1/messages/count_tokens: asked of a Claude channel; counting costs nothing. */
export async function countClaudeTokens(ctx: RelayContext, keyCaller: Caller, request: FastifyRequest, reply: FastifyReply, body: ClaudeBody): Promise<void> {
  const caller = inServingGroup(ctx.router, ctx.deps.options, keyCaller, body.model, isClaudeChannel);
  const channel = ctx.router.pick(caller.group, body.model, new Set(), isClaudeChannel);
  if (!channel) {
    await reply.code(200).send({ input_tokens: await tokenCountPool.count(claudePromptText(body)) });
    return;
  }
  const beta = request.headers['anthropic-beta'] as string | undefined;
  const upstream = claudeUpstream(channel, '/v1/messages/count_tokens', { ...body, model: upstreamModel(channel, body.model) }, beta);
  const response = await ctx.pools.send(upstream, AbortSignal.timeout(30_000));
  await reply.code(response.statusCode).header('content-type', 'application/json').send(await response.body.text());
}
