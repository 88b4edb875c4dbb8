import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A call refused before its body was read (a bad key, no session) is answered with
 * `Connection: close` while that body is still on its way, so Node ends the connection after the
 * answer instead of keeping it, unread, until BODY_TIMEOUT_MS.
 */
export function closeUnreadUpload(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}
