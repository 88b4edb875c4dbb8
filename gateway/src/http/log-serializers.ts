import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: Gemini clients send `?key=`; sign-in sends one-time
 * codes (OAuth, WeChat, email binding), the OAuth state, Telegram's hash and Turnstile's token.
 */
const SECRET_PARAMS = /([?&](?:key|api_key|access_token|token|code|state|hash|turnstile)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** The request as a log line shows it: never a header or a query value that is a secret. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
