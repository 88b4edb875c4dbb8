import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, keyFirst } from '../../admission/caller.js';
import { relayGeminiNative } from '../../surfaces/gemini-native.js';
import type { RelayContext } from '../../relay-context.js';
import { geminiBodyShape } from '../../surfaces/surface-shapes.js';

const bodySchema = z.looseObject(geminiBodyShape);

/** Google's native surface: POST /v1beta/models/{model}:{generateContent|streamGenerateContent|embedContent|batchEmbedContents}. */
export function registerGeminiNative(app: FastifyInstance, ctx: RelayContext): void {
  app.post<{ Params: { target: string } }>('/v1beta/models/:target', { ...keyFirst(ctx.cache), schema: { body: bodySchema } }, async (request, reply) => {
    const caller = callerOf(request);
    await relayGeminiNative(ctx, caller, request, reply, request.params.target, request.body as Record<string, unknown>);
    return reply;
  });
}
