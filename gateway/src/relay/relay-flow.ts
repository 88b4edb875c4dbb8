import { pocketsFor, preferenceOf } from '../subscriptions/pockets.js';
import type { SubscriptionPocket } from '../ports/hot-state/hold-store.js';
import { newId } from '@tollgate/ledger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { completionLimit, holdRange } from '../billing/hold-size.js';
import { maxOutputTokens } from '../billing/output-limits.js';
import { type PriceQuote, quoteFor } from '../billing/pricing.js';
import { ChannelStatus, own, parseJsonTable } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import type { UpstreamRequest, Usage } from '../providers/types.js';
import { admit } from './admission/admission.js';
import { type Caller, checkModelAllowed, checkTokenGroup, spenderOf } from './admission/caller.js';
import { inServingGroup } from './admission/auto-group.js';
import { type AnswerOutcome, type BillUsage, forwardUpstreamError, type UpstreamErrorAnswer } from './surfaces/chat-answer.js';
import type { RelayContext } from './relay-context.js';
import { OverheadClock } from './overhead.js';
import { RelayError, RelayMessages } from '../http/relay-error.js';
import { settle } from './admission/settle.js';
import { completedUsage } from '../providers/shared/token-count.js';
import { type Attempted, REFUSAL_STATUS, sendWithRetries } from './upstream/upstream-attempts.js';
import { UpstreamCancel } from './upstream/upstream-cancel.js';
import { declaresLargeBody, nextTurn } from '../http/large-body.js';
import { affinityAdminInfo, affinityOf, type CallAffinity, rememberAffinity } from '../channels/affinity/conversation-affinity.js';
import { affinityCallOf } from './upstream/call-affinity.js';

/** One relayed call, whatever the surface: what to send, to which channels, and how to answer. */
export interface CallPlan {
  model: string;
  /** The text the client sent (messages, prompt, input), checked for sensitive words. */
  promptText: string;
  /** The prompt's tokens, counted before forwarding: the least the hold must cover. */
  promptTokensEstimate: number;
  /**
   * The client's own bound on the answer's tokens; undefined when it set none (the model's most
   * output bounds it then), 0 for a call that answers no tokens (embeddings, speech).
   */
  maxTokens: number | undefined;
  isStream: boolean;
  accepts?: (channel: Channel) => boolean;
  /** Why a channel cannot serve this call (a part of the request its provider cannot send), or null: the client's 400 when no channel can. */
  unservable?(channel: Channel): string | null;
  /** A call billed per unit of output rather than per token reprices the model's quote (images: per image, by size and quality). */
  priceQuote?: (quote: PriceQuote) => PriceQuote;
  /**
   * The upstream request; `outputLimit`, when given, is the most answer tokens the hold pays for,
   * below what the client asked: written into the surface's own limit field.
   */
  build(channel: Channel, outputLimit?: number): UpstreamRequest | Promise<UpstreamRequest>;
  /** Forwards the answer; `bill` works out the usage billed, for a surface that tells the client before the answer ends. */
  answer(attempted: Attempted, startedAt: number, clock: OverheadClock, bill: BillUsage): Promise<AnswerOutcome>;
  /** Usage counted from what was sent and received, for what the upstream did not report (see completedUsage). */
  countUsage(outcome: AnswerOutcome): Usage | Promise<Usage>;
  /** How an upstream failure reaches the client (the surface's error shape). */
  forwardError?: (reply: FastifyReply, failure: UpstreamErrorAnswer) => Promise<void>;
}

interface Admitted {
  channel: Channel;
  quote: PriceQuote;
  holdId: string;
  granted: number;
  /** The subscription that pays and the windows it took from (issue #41); undefined: the wallet. */
  pocket: SubscriptionPocket | undefined;
  /** Set when the balance pays for a shorter answer than the call could otherwise give. */
  outputLimit: number | undefined;
  /** The conversation's channel affinity, when a rule gives the call one. */
  affinity: CallAffinity | null;
}

/** The status the client sees for an upstream failure: the channel's status_code_mapping may rewrite it. */
export function clientStatus(channel: Channel, upstreamStatus: number): number {
  const mapped = Number(own(parseJsonTable(channel.statusCodeMapping || '{}'), String(upstreamStatus)));
  return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : upstreamStatus;
}

/** What the client is told of a failed attempt: the upstream's own error, or the refusal a provider sent with status 200. */
function failureOf(attempted: Attempted): UpstreamErrorAnswer {
  if (attempted.refusal === undefined) return { status: clientStatus(attempted.channel, attempted.response.statusCode), text: attempted.errorText ?? '' };
  return { status: REFUSAL_STATUS, text: JSON.stringify({ error: { message: attempted.refusal } }), code: 'upstream_refused' };
}

/** What picking a channel reads of a call. */
type ChannelNeeds = Pick<CallPlan, 'model' | 'accepts' | 'unservable'>;

/** An admin's pinned channel serves whatever model is asked, as long as it exists, is enabled and speaks the surface. */
function pinnedChannel(ctx: RelayContext, id: number, plan: ChannelNeeds): Channel | null {
  const channel = ctx.router.byId(id);
  if (!channel) throw new RelayError(400, RelayMessages.invalidChannelId, 'invalid_channel_id');
  if (channel.status !== ChannelStatus.Enabled) throw new RelayError(403, RelayMessages.channelDisabled, 'channel_disabled');
  return !plan.accepts || plan.accepts(channel) ? channel : null;
}

/** No channel serves the call: the request's own fault (400) when a channel exists but cannot take a part of it, else none exists (503). */
function noChannelFor(ctx: RelayContext, caller: Caller, plan: ChannelNeeds): RelayError {
  const any = caller.pinnedChannelId === undefined ? ctx.router.pick(caller.group, plan.model, new Set()) : ctx.router.byId(caller.pinnedChannelId);
  const why = any ? (plan.unservable?.(any) ?? null) : null;
  return why ? new RelayError(400, why, 'unsupported_request_part', 'invalid_request_error') : new RelayError(503, RelayMessages.noChannel(caller.group, plan.model), 'model_not_found');
}

/** The channel the router gives, unless the conversation's affinity names one it would give too. */
function pickedChannel(ctx: RelayContext, caller: Caller, plan: ChannelNeeds, preferred: number | null): Channel | null {
  const sticky = preferred === null ? null : ctx.router.candidate(caller.group, plan.model, preferred, plan.accepts);
  return sticky ?? ctx.router.pick(caller.group, plan.model, new Set(), plan.accepts);
}

/**
 * The channel and price of a call its caller may make: the token's group and model limits
 * checked, a channel that serves it picked (the conversation's `preferred` one when it still
 * serves it, or the admin's pinned one), the model priced.
 */
export function routeCall(ctx: RelayContext, caller: Caller, plan: ChannelNeeds, preferred: number | null = null): { channel: Channel; modelQuote: PriceQuote } {
  checkTokenGroup(caller, ctx.deps.options);
  checkModelAllowed(caller, plan.model);
  const channel = caller.pinnedChannelId === undefined ? pickedChannel(ctx, caller, plan, preferred) : pinnedChannel(ctx, caller.pinnedChannelId, plan);
  if (!channel) throw noChannelFor(ctx, caller, plan);
  const modelQuote = quoteFor(ctx.deps.options, plan.model, caller);
  if (!modelQuote) throw new RelayError(400, RelayMessages.unpriced(plan.model), 'model_price_error');
  return { channel, modelQuote };
}

async function admitCall(ctx: RelayContext, caller: Caller, plan: CallPlan, request: FastifyRequest): Promise<Admitted> {
  const affinity = caller.pinnedChannelId === undefined ? await affinityOf(ctx.deps, affinityCallOf(request, caller, plan.model)) : null;
  const { channel, modelQuote } = routeCall(ctx, caller, plan, affinity?.channelId ?? null);
  const quote = plan.priceQuote ? plan.priceQuote(modelQuote) : modelQuote;
  const holdId = newId();
  // The worst case: the client's own limit, never above what the model can answer.
  const cap = Math.min(plan.maxTokens ?? Number.POSITIVE_INFINITY, maxOutputTokens(ctx.deps.options, plan.model));
  const pockets = pocketsFor(await ctx.subscriptions.of(caller.user.id), preferenceOf(caller.user), { model: plan.model, group: caller.group }, Date.now());
  const { granted, pocket } = await admit(ctx, caller, holdId, holdRange(quote, plan.promptTokensEstimate, cap, ctx.deps.options.number('PreConsumedQuota')), pockets);
  const limit = completionLimit(quote, plan.promptTokensEstimate, granted, cap);
  return { channel, quote, holdId, granted, pocket, outputLimit: limit < cap ? limit : undefined, affinity };
}

/**
 * Admit with a hold, forward (retrying other channels before any byte reached the client), then
 * bill exactly what was used. A failure that charged nothing releases the hold.
 */
export async function relayWithPlan(ctx: RelayContext, keyCaller: Caller, request: FastifyRequest, reply: FastifyReply, plan: CallPlan): Promise<void> {
  const startedAt = Date.now();
  const caller = inServingGroup(ctx.router, ctx.deps.options, keyCaller, plan.model, plan.accepts);
  // The channel a failure is counted under in the operations view: 0 until one is picked.
  const picked = { channelId: 0 };
  ctx.ops.callStarted();
  try {
    await admitAndServe(ctx, caller, request, reply, plan, startedAt, picked);
  } catch (error) {
    const status = error instanceof RelayError ? error.status : 500;
    ctx.ops.record({ channelId: picked.channelId, model: plan.model, status, useTimeMs: Date.now() - startedAt, tokens: 0, quota: 0, ...spenderOf(caller) });
    throw error;
  } finally {
    ctx.ops.callEnded();
  }
}

async function admitAndServe(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, plan: CallPlan, startedAt: number, picked: { channelId: number }): Promise<void> {
  const clock = new OverheadClock(ctx.metrics, plan.isStream, () => reply.elapsedTime);
  clock.timeResponse(reply.raw);
  const limited = await ctx.requestLimit.admit(caller.user.id, caller.group);
  let answered = false;
  try {
    ctx.sensitive.checkPrompt(plan.promptText);
    const admitted = await admitCall(ctx, caller, plan, request);
    picked.channelId = admitted.channel.id;
    // The hold is renewed while the call runs: a stream may outlive HOLD_TTL_SECONDS (in-flight-holds.ts).
    // A subscription's hold is taken again from its windows, not the wallet.
    const paidBy = admitted.pocket ? { windows: admitted.pocket.windows } : {};
    const hold = { holdId: admitted.holdId, userId: caller.user.id, tokenId: caller.token.id, amount: admitted.granted, ...paidBy };
    await ctx.inFlight.during(hold, () => serveAdmitted(ctx, caller, { request, reply, plan, admitted, startedAt, clock }));
    answered = reply.raw.statusCode < 400;
  } finally {
    // The success reserved at admission is given back before the answer ends, so the caller's next
    // call sees it; a store failure here must not replace the call's own error (it only counts too much).
    if (!answered) await limited.failed().catch((error: unknown) => request.log.warn({ err: error }, 'giving back a reserved success failed'));
  }
}

/** A count of the text still kept, with the tokens of the earlier text a long stream counted on the way. */
function withCountedTokens(usage: Usage, countedTokens: number): Usage {
  return countedTokens === 0 ? usage : { ...usage, completionTokens: usage.completionTokens + countedTokens };
}

interface AdmittedCall {
  request: FastifyRequest;
  reply: FastifyReply;
  plan: CallPlan;
  admitted: Admitted;
  startedAt: number;
  clock: OverheadClock;
}

async function serveAdmitted(ctx: RelayContext, caller: Caller, { request, reply, plan, admitted, startedAt, clock }: AdmittedCall): Promise<void> {
  const cancel = new UpstreamCancel();
  // Only a client that left aborts the upstream call: aborting after every finished answer cost ~8% CPU (docs/benchmarks.md).
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) cancel.cancel();
  });
  clock.upstreamStarted();
  // A large body's upstream text is written on a turn of its own, not in the admission's.
  if (declaresLargeBody(request.headers)) await nextTurn();
  const build = (channel: Channel) => plan.build(channel, admitted.outputLimit);
  const firstByteWithinMs = plan.isStream ? ctx.deps.options.number('StreamFirstByteTimeoutSeconds') * 1_000 : 0;
  const { affinity } = admitted;
  // new-api's skip_retry_on_failure: a conversation sent to its own channel is not moved by a failure.
  const skipRetry = !!affinity?.skipRetry && affinity.channelId === admitted.channel.id;
  const attempted = await sendWithRetries(ctx, admitted.channel, { group: caller.group, model: plan.model, build, accepts: plan.accepts, signal: cancel, pinned: caller.pinnedChannelId !== undefined, skipRetry, paramTemplate: affinity?.paramTemplate ?? null, ...(firstByteWithinMs > 0 ? { firstByteWithinMs } : {}) }).catch(async (error: unknown) => {
    await ctx.deps.holds.release({ holdId: admitted.holdId, userId: caller.user.id });
    request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'no upstream answered');
    throw error;
  });
  clock.upstreamAnswered();
  if (attempted.response.statusCode >= 400 || attempted.refusal !== undefined) {
    await ctx.deps.holds.release({ holdId: admitted.holdId, userId: caller.user.id });
    const failure = failureOf(attempted);
    ctx.ops.record({ channelId: attempted.channel.id, model: plan.model, status: failure.status, useTimeMs: Date.now() - startedAt, tokens: 0, quota: 0, ...spenderOf(caller) });
    return (plan.forwardError ?? forwardUpstreamError)(reply, failure);
  }
  if (affinity) rememberAffinity(ctx.deps, affinity, admitted.channel.id, attempted.channel.id);
  const affinityInfo = affinityAdminInfo(affinity, caller.group, attempted.channel.id);
  const adminInfo = affinityInfo ? { channel_affinity: affinityInfo } : undefined;
  const bill: BillUsage = (outcome) => completedUsage(outcome.usage, outcome.text, async () => withCountedTokens(await plan.countUsage(outcome), (await outcome.countedTokens) ?? 0));
  const outcome = await plan.answer(attempted, startedAt, clock, bill);
  const usage = outcome.billed ?? (await bill(outcome));
  await settle(ctx, { caller, channel: attempted.channel, quote: admitted.quote, holdId: admitted.holdId, granted: admitted.granted, pocket: admitted.pocket, model: plan.model, usage, isStream: plan.isStream, startedAt, firstResponseMs: outcome.firstResponseMs, ...(adminInfo ? { adminInfo } : {}) });
}
