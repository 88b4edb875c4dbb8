import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, keyFirst } from '../../admission/caller.js';
import { countClaudeTokens, relayClaudeMessages } from '../../surfaces/claude-messages.js';
import type { ClaudeBody } from '../../surfaces/claude-surface/claude-body.js';
import type { RelayContext } from '../../relay-context.js';
import { claudeBodyShape } from '../../surfaces/surface-shapes.js';

/** What the relay needs of a Messages request; the rest is the client's and passes through. */
const messagesSchema = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  ...claudeBodyShape,
  stream: z.boolean().optional(),
});
const countSchema = z.looseObject({ model: z.string().min(1), ...claudeBodyShape });

/** Anthropic's native surface: POST /v1/messages and /v1/messages/count_tokens (key in x-api-key). */
export function registerClaudeMessages(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/v1/messages', { ...keyFirst(ctx.cache), schema: { body: messagesSchema } }, async (request, reply) => {
    const caller = callerOf(request);
    await relayClaudeMessages(ctx, caller, request, reply, request.body as ClaudeBody);
    return reply;
  });
  app.post('/v1/messages/count_tokens', { ...keyFirst(ctx.cache), schema: { body: countSchema } }, async (request, reply) => {
    const caller = callerOf(request);
    await countClaudeTokens(ctx, caller, request, reply, request.body as ClaudeBody);
    return reply;
  });
}
