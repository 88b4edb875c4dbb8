import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listOf, openAIChatMessage, openAIChatTranslatable } from '../../../providers/shared/chat-input.js';
import { callerOf, keyFirst } from '../../admission/caller.js';
import { chatCompletionsEndpoint, completionsEndpoint, embeddingsEndpoint, moderationsEndpoint, type RelayEndpoint, rerankEndpoint } from '../../surfaces/endpoints.js';
import { type RelayBody, relayCall } from '../../surfaces/relay-call.js';
import type { RelayContext } from '../../relay-context.js';

/** The fields every relayed request shares; the rest is the client's and passes through. */
const common = {
  model: z.string().min(1, '未指定模型名称'),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  max_tokens: z.number().int().nonnegative().optional(),
  max_completion_tokens: z.number().int().nonnegative().optional(),
};
const textOrTexts = z.union([z.string(), listOf(z.unknown())]);

/** OpenAI's JSON endpoints served by one relay path: what each requires, and how to read it. */
export const openAIEndpoints: { route: string; schema: z.ZodType; endpoint: RelayEndpoint }[] = [
  {
    route: '/v1/chat/completions',
    schema: z.looseObject({ ...common, ...openAIChatTranslatable.shape, messages: listOf(openAIChatMessage).min(1, 'messages 不能为空') }),
    endpoint: chatCompletionsEndpoint,
  },
  { route: '/v1/completions', schema: z.looseObject({ ...common, prompt: textOrTexts }), endpoint: completionsEndpoint },
  { route: '/v1/embeddings', schema: z.looseObject({ model: common.model, input: textOrTexts }), endpoint: embeddingsEndpoint },
  // OpenAI picks omni-moderation-latest for a request without a model; routing needs the name.
  { route: '/v1/moderations', schema: z.looseObject({ model: common.model.default('omni-moderation-latest'), input: textOrTexts }), endpoint: moderationsEndpoint },
  {
    route: '/v1/rerank',
    schema: z.looseObject({ model: common.model, query: z.string().min(1, 'query is required'), documents: z.array(z.unknown()).min(1, 'documents is required') }),
    endpoint: rerankEndpoint,
  },
];

export function registerOpenAIEndpoints(app: FastifyInstance, ctx: RelayContext): void {
  for (const { route, schema, endpoint } of openAIEndpoints) {
    app.post(route, { ...keyFirst(ctx.cache), schema: { body: schema } }, async (request, reply) => {
      const caller = callerOf(request);
      await relayCall(ctx, caller, endpoint, request, reply, request.body as RelayBody);
      return reply;
    });
  }
}
