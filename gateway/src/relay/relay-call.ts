import type { FastifyReply, FastifyRequest } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { holdEstimate } from '../billing/hold-estimate.js';
import { type PriceQuote, quoteFor } from '../billing/pricing.js';
import type { Channel } from '../ports/channel-store.js';
import { providerFor } from '../providers/index.js';
import { admit } from './admission.js';
import { type Caller, checkModelAllowed } from './caller.js';
import { forwardJsonAnswer, forwardUpstreamError } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayEndpoint } from './endpoints.js';
import type { RelayContext } from './relay-context.js';
import { RelayError, RelayMessages } from './relay-error.js';
import { settle } from './settle.js';
import { countedUsage, roughTokens } from './token-count.js';
import { sendWithRetries } from './upstream-attempts.js';

/** The fields of an OpenAI request the relay reads; everything else passes through untouched. */
export interface RelayBody extends Record<string, unknown> {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
}

interface Admitted {
  channel: Channel;
  quote: PriceQuote;
  holdId: string;
}

async function admitCall(ctx: RelayContext, caller: Caller, endpoint: RelayEndpoint, body: RelayBody): Promise<Admitted> {
  checkModelAllowed(caller, body.model);
  const channel = ctx.router.pick(caller.group, body.model);
  if (!channel) throw new RelayError(503, RelayMessages.noChannel(caller.group, body.model), 'model_not_found');
  const quote = quoteFor(ctx.deps.options, body.model, caller.group);
  if (!quote) throw new RelayError(400, RelayMessages.unpriced(body.model), 'model_price_error');
  const holdId = uuidv7();
  const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? 0;
  const estimate = holdEstimate(quote, roughTokens(endpoint.promptText(body)), maxTokens, ctx.deps.options.number('PreConsumedQuota'));
  await admit(ctx, caller, holdId, estimate);
  return { channel, quote, holdId };
}

/**
 * Relays one call of an OpenAI-compatible endpoint for an authenticated caller: admit with a
 * hold, forward (retrying other channels before any byte reached the client), then bill
 * exactly what was used. A failure that charged nothing releases the hold.
 */
export async function relayCall(ctx: RelayContext, caller: Caller, endpoint: RelayEndpoint, request: FastifyRequest, reply: FastifyReply, body: RelayBody): Promise<void> {
  const startedAt = Date.now();
  const admitted = await admitCall(ctx, caller, endpoint, body);
  const stream = body.stream === true;
  const upstreamBody: Record<string, unknown> = stream ? { ...body, stream_options: { ...body.stream_options, include_usage: true } } : body;
  const abort = new AbortController();
  reply.raw.once('close', () => abort.abort());
  const attempted = await sendWithRetries(ctx, admitted.channel, { group: caller.group, model: body.model, endpoint, body: upstreamBody, signal: abort.signal }).catch(async (error: unknown) => {
    await ctx.deps.holds.release(admitted.holdId);
    request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'no upstream answered');
    throw error;
  });
  if (attempted.response.statusCode >= 400) {
    await ctx.deps.holds.release(admitted.holdId);
    return forwardUpstreamError(reply, attempted.response);
  }
  const adapter = providerFor(attempted.channel.type);
  const outcome = stream
    ? await pipeStreamAnswer(reply, attempted.response, adapter, body.model, body.stream_options?.include_usage === true, startedAt)
    : await forwardJsonAnswer(reply, attempted.response, adapter, body.model, startedAt);
  const usage = outcome.usage ?? countedUsage(endpoint.promptText(body), outcome.text);
  await settle(ctx, { caller, channel: attempted.channel, quote: admitted.quote, holdId: admitted.holdId, model: body.model, usage, isStream: stream, startedAt, firstResponseMs: outcome.firstResponseMs });
}
