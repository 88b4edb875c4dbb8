import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ImageOrder, imageQuote } from '../../billing/image-price.js';
import { providerFor } from '../../providers/index.js';
import type { Caller } from '../admission/caller.js';
import { forwardJsonAnswer } from './chat-answer.js';
import { formFields } from './multipart-form.js';
import { type OpenAIPayload, openAIUpstream, speaksOpenAI } from '../upstream/openai-upstream.js';
import type { RelayContext } from '../relay-context.js';
import { relayWithPlan } from '../relay-flow.js';

/** One call of the Images API: generations (JSON), edits or variations (a form with the images). */
export interface ImageCall {
  path: '/v1/images/generations' | '/v1/images/edits' | '/v1/images/variations';
  order: ImageOrder;
  payload: OpenAIPayload;
}

/** The picture's description, from a JSON body or a form. */
function imagePrompt(payload: OpenAIPayload): string {
  const prompt = payload.kind === 'json' ? payload.body.prompt : formFields(payload.form).prompt;
  return typeof prompt === 'string' ? prompt : '';
}

/**
 * Relays an Images call untouched to a channel that speaks OpenAI. Billed per image (price x
 * size x quality x n), known before forwarding, so the hold is the exact cost; the log counts
 * the images as prompt tokens, as the wire-compatible gateway does.
 */
export function relayImages(ctx: RelayContext, caller: Caller, request: FastifyRequest, reply: FastifyReply, call: ImageCall): Promise<void> {
  const { order } = call;
  const usage = { promptTokens: order.n, completionTokens: 0 };
  return relayWithPlan(ctx, caller, request, reply, {
    model: order.model,
    promptText: imagePrompt(call.payload),
    promptTokensEstimate: 0,
    maxTokens: 0,
    isStream: false,
    accepts: speaksOpenAI,
    priceQuote: (quote) => imageQuote(quote, order),
    build: (channel) => openAIUpstream(channel, call.path, order.model, call.payload),
    answer: async ({ channel, response }, startedAt, clock) => ({ ...(await forwardJsonAnswer(reply, response, providerFor(channel.type), order.model, startedAt, clock)), usage }),
    countUsage: () => usage,
  });
}
