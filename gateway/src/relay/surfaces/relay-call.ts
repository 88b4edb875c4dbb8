import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Channel } from '../../ports/documents/channel-store.js';
import { tokenCountPool } from '../../providers/shared/token-count-pool.js';
import { providerFor } from '../../providers/index.js';
import type { Caller } from '../admission/caller.js';
import { type AnswerOutcome, type BillUsage, forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayEndpoint } from './endpoints.js';
import { speaksOpenAI } from '../upstream/openai-upstream.js';
import type { RelayContext } from '../relay-context.js';
import { bounded } from '../admission/output-limit.js';
import { passThroughRequest } from './pass-through.js';
import { type CallPlan, relayWithPlan } from '../relay-flow.js';
import type { OverheadClock } from '../overhead.js';
import type { Attempted } from '../upstream/upstream-attempts.js';
import type { UpstreamRequest, Usage } from '../../providers/types.js';
import { type RequestPartsGate, requestPartsGate } from './request-parts-gate.js';
import { requestParts } from '../../providers/shared/request-parts.js';
import { roughTokens } from '../../providers/shared/token-count.js';
import { upstreamModel } from '../../channels/model-mapping.js';

/** The fields of an OpenAI request the relay reads; everything else passes through untouched. */
export interface RelayBody extends Record<string, unknown> {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
}

/**
 * Relays one call of an OpenAI-compatible endpoint, to any channel (translated where needed). The
 * plan is an object of a class, not a literal of closures: its methods are made once, where the
 * closures were made (and named by tsx's keep-names helper) on every call (issue #37).
 */
export function relayCall(ctx: RelayContext, caller: Caller, endpoint: RelayEndpoint, request: FastifyRequest, reply: FastifyReply, body: RelayBody): Promise<void> {
  return relayWithPlan(ctx, caller, request, reply, new OpenAICallPlan(ctx, endpoint, request, reply, body));
}

class OpenAICallPlan implements CallPlan {
  readonly model: string;
  readonly promptText: string;
  readonly promptTokensEstimate: number;
  readonly maxTokens: number | undefined;
  readonly isStream: boolean;
  readonly accepts: ((channel: Channel) => boolean) | undefined;
  /** Usage is always asked of the upstream; the client sees it only if it asked. */
  private readonly upstreamBody: Record<string, unknown>;
  /** The request's parts some providers cannot send, read when a channel of such a provider is first considered. */
  private readonly parts: RequestPartsGate;

  constructor(
    private readonly ctx: RelayContext,
    private readonly endpoint: RelayEndpoint,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly body: RelayBody,
  ) {
    this.model = body.model;
    this.isStream = body.stream === true;
    this.upstreamBody = this.isStream ? { ...body, stream_options: { ...body.stream_options, include_usage: true } } : body;
    this.promptText = endpoint.promptText(body);
    this.promptTokensEstimate = roughTokens(this.promptText);
    this.maxTokens = endpoint.outputLimit ? endpoint.outputLimit.own(body) : 0;
    this.parts = requestPartsGate(() => requestParts(body));
    this.accepts = endpoint.untranslated ? speaksOpenAI : this.parts.accepts;
  }

  unservable(channel: Channel): string | null {
    return this.parts.unservable(channel);
  }

  build(channel: Channel, outputLimit?: number): UpstreamRequest | Promise<UpstreamRequest> {
    const { ctx, endpoint, body } = this;
    const passed = passThroughRequest(ctx.deps.options, this.request, channel, endpoint.path, upstreamModel(channel, body.model), outputLimit);
    if (passed) return passed;
    const limited = endpoint.outputLimit ? bounded(endpoint.outputLimit, this.upstreamBody, outputLimit) : this.upstreamBody;
    return providerFor(channel.type).request(channel, endpoint.path, { ...limited, model: upstreamModel(channel, body.model) });
  }

  answer({ channel, response }: Attempted, startedAt: number, clock: OverheadClock, bill: BillUsage): Promise<AnswerOutcome> {
    const { endpoint, body, reply } = this;
    const provider = providerFor(channel.type);
    // An untranslated surface's answer is the upstream's own, whatever the provider translates for chat.
    const untranslated = endpoint.untranslated ? { ...provider, translation: undefined } : provider;
    const adapter = endpoint.usageOfAnswer ? { ...untranslated, usageOfAnswer: endpoint.usageOfAnswer } : untranslated;
    // A translated chat answer tells the client the usage it is billed, where the provider reports none or part (AI Proxy's library, PaLM).
    const tell = endpoint.untranslated ? undefined : bill;
    return this.isStream
      ? pipeStreamAnswer(reply, response, adapter, body.model, body.stream_options?.include_usage === true, startedAt, clock, this.ctx.sensitive.streamStopper(), tell)
      : forwardJsonAnswer(reply, response, adapter, body.model, startedAt, clock, tell);
  }

  countUsage(outcome: AnswerOutcome): Promise<Usage> {
    return tokenCountPool.usage(this.promptText, outcome.text);
  }
}
