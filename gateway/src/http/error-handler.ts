import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { midjourneyErrorBody, RelayError } from './relay-error.js';
import { ApiFailure } from './errors.js';

/** The relay answers in the OpenAI error shape; the console API in the envelope. */
function isRelayRequest(request: FastifyRequest): boolean {
  return /^\/(v1|v1beta|pg|mj|suno)(\/|$)/.test(request.url);
}

/** Each surface answers errors in its own provider's shape, so that provider's SDKs read them. */
function relayErrorBody(request: FastifyRequest, error: RelayError): object {
  if (request.url.startsWith('/v1/messages')) return error.toAnthropicBody();
  if (request.url.startsWith('/v1beta/')) return error.toGoogleBody();
  if (isMidjourneyRequest(request)) return error.toMidjourneyBody();
  return error.toBody();
}

/** Midjourney clients read `{code, description}` whatever went wrong. */
function isMidjourneyRequest(request: FastifyRequest): boolean {
  return /^\/mj(\/|$)/.test(request.url);
}

/**
 * Answers any failure in the request's surface shape. Also Fastify's `frameworkErrors`, so a URL it
 * cannot route (bad percent-encoding, a parameter past maxParamLength) is answered alike.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof RelayError) return reply.code(error.status).send(relayErrorBody(request, error));
  if (error instanceof ApiFailure) {
    return reply.code(error.status).send({ success: false, message: error.message });
  }
  const status = error.validation || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 400 : (error.statusCode ?? 500);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const message = status >= 500 ? 'internal server error' : error.message;
  if (isMidjourneyRequest(request)) return reply.code(status).send(midjourneyErrorBody(status, message));
  if (isRelayRequest(request)) {
    const type = status >= 500 ? 'server_error' : 'invalid_request_error';
    return reply.code(status).send(relayErrorBody(request, new RelayError(status, message, error.code ?? type, type)));
  }
  return reply.code(status).send({ success: false, message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => {
    if (isMidjourneyRequest(request)) return reply.code(404).send(midjourneyErrorBody(404, `Invalid URL (${request.method} ${request.url})`));
    if (isRelayRequest(request)) {
      return reply.code(404).send({ error: { message: `Invalid URL (${request.method} ${request.url})`, type: 'invalid_request_error', code: 'not_found' } });
    }
    return reply.code(404).send({ success: false, message: 'not found' });
  });
}
