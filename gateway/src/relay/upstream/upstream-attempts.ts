import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { breakerFailureReason } from './breaker-rules.js';
import { reportUpstreamFailure } from '../../channels/channel-failures.js';
import { withOverrides } from '../../channels/extras/request-overrides.js';
import { ParamOverrideFailed, ParamOverrideReturnError } from '../../channels/extras/param-override/apply-operations.js';
import { healthSwitches } from '../../channels/health-switches.js';
import { inRanges, rangesOf } from '../../channels/status-code-ranges.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { BreakerKey } from '../../ports/hot-state/circuit-breakers.js';
import type { ChosenKey } from '../../channels/multi-key/key-choice.js';
import { providerFor } from '../../providers/index.js';
import { UntranslatableRequest } from '../../providers/shared/chat-input.js';
import type { UpstreamRequest } from '../../providers/types.js';
import type { RelayContext } from '../relay-context.js';
import { RelayError } from '../../http/relay-error.js';
import type { UpstreamCancel } from './upstream-cancel.js';
import { FirstByteDeadline, isEventStream } from './first-byte-deadline.js';
import { jsonOrNull } from '../../http/json-or-null.js';
import { encodedInTurns, isLargeText } from '../../http/large-body.js';

/** A gateway timeout is never retried (new-api's rule): the upstream may still be working on the call. */
const NEVER_RETRIED = new Set([504, 524]);

/** Statuses another channel may answer better: those of AutomaticRetryStatusCodes, but never a timeout. */
function retryable(ctx: RelayContext, status: number): boolean {
  return !NEVER_RETRIED.has(status) && inRanges(rangesOf(ctx.deps.options.string('AutomaticRetryStatusCodes')), status);
}

export interface Attempted {
  channel: Channel;
  response: Dispatcher.ResponseData;
  /** A failed answer's body, read whole (errors are small) so it can be judged and then forwarded. */
  errorText?: string;
  /** What the provider said when it refused the call in an answer sent with status 200. */
  refusal?: string;
  /** Which of a multi-key channel's keys the call went with (0 for a channel of one key). */
  keyIndex?: number;
}

/** A refusal sent with status 200 counts, for retries and the channel's health, as this status. */
export const REFUSAL_STATUS = 502;

export interface AttemptPlan {
  group: string;
  model: string;
  /** The upstream request for a channel (its provider's protocol, its model name). */
  build(channel: Channel): UpstreamRequest | Promise<UpstreamRequest>;
  /** Channels that can serve this call at all (a native surface needs its own provider). */
  accepts?: (channel: Channel) => boolean;
  signal: UpstreamCancel;
  /** A pinned channel is tried once and never swapped for another. */
  pinned?: boolean;
  /** Tried once, but with its breaker (a conversation's affinity channel whose rule skips retries). */
  skipRetry?: boolean;
  /**
   * The answer speaks the call's own protocol (a task submit's), not the channel's chat: a 200 is
   * not read for the chat provider's refusals (MiniMax's base_resp), the caller reads it.
   */
  ownProtocol?: boolean;
  /** The call's channel affinity rule's param_override_template, merged under each channel's own param_override. */
  paramTemplate?: Record<string, unknown> | null;
  /** For a stream: the most milliseconds an attempt may take to its first byte before the next channel is tried; unset, no limit. */
  firstByteWithinMs?: number;
}

/** The channel's request; one the channel's protocol cannot express is the client's 400, not a failed upstream. */
async function build(channel: Channel, plan: AttemptPlan): Promise<UpstreamRequest | null> {
  try {
    return withOverrides(channel, await plan.build(channel), plan.paramTemplate ?? null);
  } catch (error) {
    if (error instanceof UntranslatableRequest) throw new RelayError(400, error.message, 'convert_request_failed', 'invalid_request_error');
    // The channel's own operations decided (return_error) or broke on this body: the call's answer, not another channel's try.
    if (error instanceof ParamOverrideReturnError) throw new RelayError(error.status, error.message, error.code, error.type);
    if (error instanceof ParamOverrideFailed) throw new RelayError(500, error.message, 'channel:param_override_invalid');
    return null;
  }
}

async function send(ctx: RelayContext, channel: Channel, plan: AttemptPlan): Promise<Dispatcher.ResponseData | null> {
  const built = await build(channel, plan);
  if (!built) return null;
  const upstream = isLargeText(built.body) ? { ...built, body: await encodedInTurns(built.body) } : built;
  const deadline = plan.firstByteWithinMs ? new FirstByteDeadline(plan.signal, plan.firstByteWithinMs) : null;
  const signal = deadline?.cancel ?? plan.signal;
  try {
    const { exchange } = providerFor(channel.type);
    const response = await (exchange ? exchange(upstream, signal.abortSignal()) : ctx.pools.send(upstream, signal));
    return deadline ? await deadline.firstByte(response) : response;
  } catch {
    if (deadline?.timedOut && !plan.signal.aborted) ctx.deps.log.warn({ channelId: channel.id, ms: plan.firstByteWithinMs }, 'no first byte in time: the next channel is tried');
    return null;
  } finally {
    deadline?.dispose();
  }
}

/** Reads a failed answer and lets the channel's health rules judge it (a rejected key switches the channel off). */
async function failedAttempt(ctx: RelayContext, { channel, index }: ChosenKey, response: Dispatcher.ResponseData): Promise<Attempted> {
  const errorText = await response.body.text().catch(() => '');
  await reportUpstreamFailure(ctx.deps, channel, response.statusCode, errorText, index);
  return { channel, response, errorText };
}


/** The answer again, its body already read: a readable stream of the same bytes that also answers `text()`. */
function withBodyRead(response: Dispatcher.ResponseData, text: string): Dispatcher.ResponseData {
  const body = Object.assign(Readable.from([Buffer.from(text)]), { text: async () => text, json: async () => jsonOrNull(text) });
  return { ...response, body: body as unknown as Dispatcher.ResponseData['body'] };
}

/**
 * Some providers (Baidu, Hunyuan, MiniMax, Spark, ChatGLM, AI Proxy) refuse a call with status 200
 * and an error in the body. Such an answer is read here, inside the attempts, so the refusal is
 * a failed attempt like any other (judged by the health rules, retried on another channel) and
 * never reaches the client as the only answer while a channel could still serve the call.
 */
async function judgedAnswer(ctx: RelayContext, { channel, index }: ChosenKey, response: Dispatcher.ResponseData): Promise<Attempted | null> {
  const { refusalOf } = providerFor(channel.type);
  if (!refusalOf || isEventStream(response)) return { channel, response };
  // An answer whose body broke off while it was read is a channel that did not answer.
  const text = await response.body.text().catch(() => null);
  if (text === null) return null;
  const refusal = refusalOf(jsonOrNull(text));
  if (!refusal) return { channel, response: withBodyRead(response, text) };
  await reportUpstreamFailure(ctx.deps, channel, REFUSAL_STATUS, refusal, index);
  return { channel, response, refusal };
}

/** A 2xx answer: judged for the chat provider's refusals, unless it speaks the call's own protocol (a video submit, read by its platform). */
function answered(ctx: RelayContext, chosen: ChosenKey, plan: AttemptPlan, response: Dispatcher.ResponseData): Attempted | Promise<Attempted | null> {
  return plan.ownProtocol ? { channel: chosen.channel, response } : judgedAnswer(ctx, chosen, response);
}

/** The status an attempt ended with, for the retry rules: a refusal sent with 200 counts as REFUSAL_STATUS. */
const attemptStatus = (attempted: Attempted): number => (attempted.refusal === undefined ? attempted.response.statusCode : REFUSAL_STATUS);

/**
 * Tells the breaker of the key the attempt took (its channel's own, or a multi-key channel's key's)
 * how it went. Only a failure (breaker-rules.ts) or a probe's outcome is reported; a healthy call
 * that was no probe costs nothing here. A call the client abandoned says nothing of the channel:
 * its probe slot frees itself after a cool-down.
 */
function reportToBreaker(ctx: RelayContext, breaker: BreakerKey, attempted: Attempted | null, probe: string | null, aborted: boolean): void {
  if (attempted && attempted.refusal === undefined && attempted.response.statusCode < 400) {
    if (probe) ctx.breakers.probeSucceeded(breaker, probe);
    return;
  }
  if (aborted) return;
  const status = attempted ? attemptStatus(attempted) : null;
  const reason = breakerFailureReason(healthSwitches(ctx.deps), status, attempted ? attempted.refusal ?? attempted.errorText ?? '' : '');
  if (reason) ctx.breakers.failed(breaker, reason, probe);
  else if (probe) ctx.breakers.probeSucceeded(breaker, probe); // the channel answered: a client's error is no sign of ill health
}

interface KeyTaken {
  chosen: ChosenKey;
  /** The probe slot this call claimed for the key's breaker, when it is the probe. */
  probe: string | null;
}

/**
 * The key a call to `channel` takes: one whose breaker is closed goes as chosen (the usual path);
 * one whose cool-down has passed goes only as the probe, its slot claimed. A key that opened, or
 * whose slot another call claimed, since the router picked the channel (the hold was taken
 * meanwhile) is passed over for the channel's next key. Null when the channel has none left: it
 * is passed over, no attempt spent. A pinned channel has no breaker.
 */
async function takeKey(ctx: RelayContext, channel: Channel, plan: AttemptPlan): Promise<KeyTaken | null> {
  if (plan.pinned) {
    const chosen = ctx.router.keyFor(channel, { gated: false });
    return chosen && { chosen, probe: null };
  }
  const passed = new Set<number>();
  for (let chosen = ctx.router.keyFor(channel); chosen; chosen = ctx.router.keyFor(channel, { passed })) {
    if (ctx.breakers.view.isClosed(chosen.breaker)) return { chosen, probe: null };
    const probe = ctx.breakers.view.isDue(chosen.breaker) ? await ctx.breakers.claim(chosen.breaker) : null;
    if (probe) return { chosen, probe };
    passed.add(chosen.index);
  }
  return null;
}

/**
 * Sends to `first`, and on a retryable failure up to RetryTimes more times, each to a channel not
 * tried yet (the same priority first, then lower ones). Nothing has reached the client while this
 * runs, so a retry is always safe. Returns the last answer (good or not); throws when none came.
 */
export async function sendWithRetries(ctx: RelayContext, first: Channel, plan: AttemptPlan): Promise<Attempted> {
  const tried = new Set<number>();
  let channel: Channel | null = first;
  let last: Attempted | null = null;
  const retries = plan.pinned || plan.skipRetry ? 0 : ctx.deps.options.number('RetryTimes');
  for (let attempt = 0; channel && attempt <= retries; attempt++) {
    const taken = await takeKey(ctx, channel, plan);
    if (!taken) {
      tried.add(channel.id);
      channel = ctx.router.pick(plan.group, plan.model, tried, plan.accepts);
      attempt--;
      continue;
    }
    const { chosen, probe } = taken;
    const response = await send(ctx, chosen.channel, plan);
    const attempted = response ? (response.statusCode < 400 ? await answered(ctx, chosen, plan, response) : await failedAttempt(ctx, chosen, response)) : null;
    reportToBreaker(ctx, chosen.breaker, attempted, probe, plan.signal.aborted);
    if (attempted) {
      const status = attemptStatus(attempted);
      if (status < 400 || !retryable(ctx, status)) return { ...attempted, keyIndex: chosen.index };
      last = attempted;
    }
    tried.add(channel.id);
    channel = plan.signal.aborted ? null : ctx.router.pick(plan.group, plan.model, tried, plan.accepts);
  }
  if (last) return last;
  throw new RelayError(502, '上游服务不可用', 'upstream_unreachable', 'upstream_error');
}
