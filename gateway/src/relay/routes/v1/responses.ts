import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, keyFirst } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';
import { RelayMessages } from '../../../http/relay-error.js';
import { relayResponses, relayResponsesCompact, type ResponsesBody } from '../../surfaces/responses-call.js';

/** What the relay needs of a Responses request; the rest (tools, reasoning, store…) passes through. */
const responsesSchema = z.looseObject({
  model: z.string().min(1, RelayMessages.missingModel),
  input: z.union([z.string(), z.array(z.unknown())]).optional(),
  stream: z.boolean().optional(),
  max_output_tokens: z.number().int().positive().nullable().optional(),
});

/** A compaction request: the model and the conversation (input, instructions, previous_response_id) to compact; never streamed. */
const compactSchema = z.looseObject({
  model: z.string().min(1, RelayMessages.missingModel),
  input: z.union([z.string(), z.array(z.unknown())]).optional(),
  previous_response_id: z.string().optional(),
});

/** POST /v1/responses, plain and streamed, and POST /v1/responses/compact. */
export function registerResponses(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/v1/responses', { ...keyFirst(ctx.cache), schema: { body: responsesSchema } }, async (request, reply) => {
    const caller = callerOf(request);
    await relayResponses(ctx, caller, request, reply, request.body as ResponsesBody);
    return reply;
  });
  app.post('/v1/responses/compact', { ...keyFirst(ctx.cache), schema: { body: compactSchema } }, async (request, reply) => {
    await relayResponsesCompact(ctx, callerOf(request), request, reply, request.body as ResponsesBody);
    return reply;
  });
}
