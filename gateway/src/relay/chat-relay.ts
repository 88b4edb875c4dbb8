import { newEventMetadata } from '@tollgate/ledger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { holdEstimate } from '../billing/hold-estimate.js';
import { costOf, priceContent, priceOther, type PriceQuote, quoteFor } from '../billing/pricing.js';
import type { Channel } from '../ports/channel-store.js';
import { providerFor } from '../providers/index.js';
import { admit } from './admission.js';
import { authenticateCaller, type Caller, checkModelAllowed } from './caller.js';
import { type AnswerOutcome, forwardJsonAnswer, forwardUpstreamError } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayContext } from './relay-context.js';
import { RelayError, RelayMessages } from './relay-error.js';
import { countedUsage, roughPromptTokens } from './token-count.js';

/** The fields of an OpenAI chat request the relay reads; everything else passes through. */
export interface ChatBody extends Record<string, unknown> {
  model: string;
  messages: unknown[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
}

/** The upstream's name for the model, from the channel's model_mapping JSON. */
function upstreamModel(channel: Channel, model: string): string {
  try {
    const mapping = JSON.parse(channel.modelMapping || '{}') as Record<string, unknown>;
    const mapped = mapping[model];
    return typeof mapped === 'string' && mapped ? mapped : model;
  } catch {
    return model;
  }
}

interface Admitted {
  caller: Caller;
  channel: Channel;
  quote: PriceQuote;
  holdId: string;
}

async function admitChat(ctx: RelayContext, request: FastifyRequest, body: ChatBody): Promise<Admitted> {
  const caller = await authenticateCaller(request, ctx.cache);
  checkModelAllowed(caller, body.model);
  const channel = ctx.router.pick(caller.group, body.model);
  if (!channel) throw new RelayError(503, RelayMessages.noChannel(caller.group, body.model), 'model_not_found');
  const quote = quoteFor(ctx.deps.options, body.model, caller.group);
  if (!quote) throw new RelayError(400, RelayMessages.unpriced(body.model), 'model_price_error');
  const holdId = uuidv7();
  const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? 0;
  await admit(ctx, caller, holdId, holdEstimate(quote, roughPromptTokens(body.messages), maxTokens, ctx.deps.options.number('PreConsumedQuota')));
  return { caller, channel, quote, holdId };
}

/** Relays one chat completion: admit with a hold, forward, then bill exactly what was used. */
export async function relayChat(ctx: RelayContext, request: FastifyRequest, reply: FastifyReply, body: ChatBody): Promise<void> {
  const startedAt = Date.now();
  const admitted = await admitChat(ctx, request, body);
  const stream = body.stream === true;
  const upstreamBody: Record<string, unknown> = { ...body, model: upstreamModel(admitted.channel, body.model) };
  if (stream) upstreamBody.stream_options = { ...body.stream_options, include_usage: true };
  const adapter = providerFor(admitted.channel.type);
  const abort = new AbortController();
  reply.raw.once('close', () => abort.abort());
  let outcome: AnswerOutcome;
  try {
    const response = await ctx.pools.send(adapter.chatRequest(admitted.channel, upstreamBody), abort.signal);
    if (response.statusCode >= 400) {
      await ctx.deps.holds.release(admitted.holdId);
      return forwardUpstreamError(reply, response);
    }
    outcome = stream
      ? await pipeStreamAnswer(reply, response, adapter, body.stream_options?.include_usage === true, startedAt)
      : await forwardJsonAnswer(reply, response, adapter, startedAt);
  } catch (error) {
    await ctx.deps.holds.release(admitted.holdId);
    request.log.warn({ channelId: admitted.channel.id, err: error instanceof Error ? error.message : String(error) }, 'upstream unreachable');
    throw new RelayError(502, '上游服务不可用', 'upstream_unreachable', 'upstream_error');
  }
  await settle(ctx, admitted, body, stream, outcome, startedAt);
}

/** Turns the hold into the actual cost and publishes it; the ledger debits and settles the hold. */
async function settle(ctx: RelayContext, admitted: Admitted, body: ChatBody, isStream: boolean, outcome: AnswerOutcome, startedAt: number): Promise<void> {
  const { caller, channel, quote, holdId } = admitted;
  const usage = outcome.usage ?? countedUsage(body.messages, outcome.text);
  const quota = costOf(quote, usage);
  await ctx.deps.holds.adjust(holdId, quota);
  ctx.publisher.publish({
    type: 'UsageRecorded',
    data: {
      requestId: uuidv7(),
      holdId,
      userId: caller.user.id,
      username: caller.user.username,
      tokenId: caller.token.id,
      tokenName: caller.token.name,
      channelId: channel.id,
      model: body.model,
      group: caller.group,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      quota,
      isStream,
      useTimeMs: Date.now() - startedAt,
      content: priceContent(quote),
      other: priceOther(quote, isStream ? outcome.firstResponseMs : 0),
    },
    metadata: newEventMetadata(),
  });
}
