import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../auth/require-user.js';
import { Role } from '../../../ports/documents/user-store.js';
import { chatCompletionsEndpoint } from '../../surfaces/endpoints.js';
import { playgroundCaller } from '../../surfaces/playground-caller.js';
import { type RelayBody, relayCall } from '../../surfaces/relay-call.js';
import type { RelayContext } from '../../relay-context.js';
import { openAIEndpoints } from '../v1/openai-endpoints.js';

const chatSchema = openAIEndpoints.find((e) => e.endpoint === chatCompletionsEndpoint)?.schema;

/**
 * POST /pg/chat/completions: the console's playground, signed in by session, billed to the user.
 * The session is checked as the request arrives, before its body is read, as the keyed surfaces
 * check their key: a caller without one gets its 401 at once, not after a stalled upload.
 */
export function registerPlayground(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/pg/chat/completions', { schema: { body: chatSchema }, onRequest: requireUser(ctx.deps, Role.User) }, async (request, reply) => {
    const body = request.body as RelayBody & { group?: string };
    const user = request.user;
    if (!user) return reply.code(401).send();
    const { group, ...openAIBody } = body;
    await relayCall(ctx, playgroundCaller(user, ctx.deps.options, group), chatCompletionsEndpoint, request, reply, openAIBody as RelayBody);
    return reply;
  });
}
