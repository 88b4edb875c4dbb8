import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Channel } from '../ports/channel-store.js';
import { tokenCountPool } from '../providers/shared/token-count-pool.js';
import { providerFor } from '../providers/index.js';
import type { Caller } from './caller.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { pipeStreamAnswer } from './chat-stream.js';
import type { RelayEndpoint } from './endpoints.js';
import { speaksOpenAI } from './openai-upstream.js';
import type { RelayContext } from './relay-context.js';
import { bounded } from './output-limit.js';
import { passThroughRequest } from './pass-through.js';
import { relayWithPlan } from './relay-flow.js';
import { roughTokens } from '../providers/shared/token-count.js';
import { upstreamModel } from '../channels/model-mapping.js';

/** The fields of an OpenAI request the relay reads; everything else passes through untouched. */
export interface RelayBody extends Record<string, unknown> {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
}

/** Relays one call of an OpenAI-compatible endpoint, to any channel (translated where needed). */
export function relayCall(ctx: RelayContext, caller: Caller, endpoint: RelayEndpoint, request: FastifyRequest, reply: FastifyReply, body: RelayBody): Promise<void> {
  const stream = body.stream === true;
  // Usage is always asked of the upstream; the client sees it only if it asked.
  const upstreamBody: Record<string, unknown> = stream ? { ...body, stream_options: { ...body.stream_options, include_usage: true } } : body;
  const prompt = endpoint.promptText(body);
  return relayWithPlan(ctx, caller, request, reply, {
    model: body.model,
    promptText: prompt,
    promptTokensEstimate: roughTokens(prompt),
    maxTokens: endpoint.outputLimit ? endpoint.outputLimit.own(body) : 0,
    isStream: stream,
    accepts: endpoint.untranslated ? speaksOpenAI : undefined,
    build: (channel: Channel, outputLimit) => {
      const passed = passThroughRequest(ctx.deps.options, request, channel, endpoint.path, upstreamModel(channel, body.model), outputLimit);
      if (passed) return passed;
      const limited = endpoint.outputLimit ? bounded(endpoint.outputLimit, upstreamBody, outputLimit) : upstreamBody;
      return providerFor(channel.type).request(channel, endpoint.path, { ...limited, model: upstreamModel(channel, body.model) });
    },
    answer: ({ channel, response }, startedAt, clock) => {
      const provider = providerFor(channel.type);
      // An untranslated surface's answer is the upstream's own, whatever the provider translates for chat.
      const untranslated = endpoint.untranslated ? { ...provider, translation: undefined } : provider;
      const adapter = endpoint.usageOfAnswer ? { ...untranslated, usageOfAnswer: endpoint.usageOfAnswer } : untranslated;
      return stream
        ? pipeStreamAnswer(reply, response, adapter, body.model, body.stream_options?.include_usage === true, startedAt, clock, ctx.sensitive.streamStopper())
        : forwardJsonAnswer(reply, response, adapter, body.model, startedAt, clock);
    },
    countUsage: (outcome) => tokenCountPool.usage(prompt, outcome.text),
  });
}
