import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ChatBody, relayChat } from '../../relay/chat-relay.js';
import type { RelayContext } from '../../relay/relay-context.js';

/** What the relay needs of a chat request; the rest is the client's and passes through untouched. */
const chatBodySchema = z.looseObject({
  model: z.string().min(1, '未指定模型名称'),
  messages: z.array(z.unknown()).min(1, 'messages 不能为空'),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  max_tokens: z.number().int().nonnegative().optional(),
  max_completion_tokens: z.number().int().nonnegative().optional(),
});

export function registerChatCompletions(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/v1/chat/completions', { schema: { body: chatBodySchema } }, async (request, reply) => {
    await relayChat(ctx, request, reply, request.body as ChatBody);
    return reply;
  });
}
