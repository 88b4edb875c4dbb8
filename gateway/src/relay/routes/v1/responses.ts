import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, keyFirst } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';
import { RelayMessages } from '../../../http/relay-error.js';
import { relayResponses, type ResponsesBody } from '../../surfaces/responses-call.js';

/** What the relay needs of a Responses request; the rest (tools, reasoning, store…) passes through. */
const responsesSchema = z.looseObject({
  model: z.string().min(1, RelayMessages.missingModel),
  input: z.union([z.string(), z.array(z.unknown())]).optional(),
  stream: z.boolean().optional(),
  max_output_tokens: z.number().int().positive().nullable().optional(),
});

/** POST /v1/responses, plain and streamed. */
export function registerResponses(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/v1/responses', { ...keyFirst(ctx.cache), schema: { body: responsesSchema } }, async (request, reply) => {
    const caller = callerOf(request);
    await relayResponses(ctx, caller, request, reply, request.body as ResponsesBody);
    return reply;
  });
}
