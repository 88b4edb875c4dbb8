import { dict } from '@tollgate/wire';
import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: Gemini clients send `?key=`; sign-in sends one-time
 * codes (OAuth, WeChat, email binding), the OAuth state, Telegram's hash and Turnstile's token;
 * the token search takes a key in `token`; Epay signs its notices.
 */
const SECRET_PARAMS = new Set(['key', 'api_key', 'access_token', 'token', 'code', 'state', 'hash', 'turnstile', 'sign', 'password', 'secret']);

/** Paths where a parameter that is harmless elsewhere carries a secret: the channel search matches channel keys. */
const SECRET_PARAMS_BY_PATH: Record<string, Set<string>> = dict({ '/api/channel/search': new Set(['keyword']) });

/** The parameter's name as fastify's query parser reads it, so `%6Bey=` is redacted like `key=`. */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with every secret query value replaced by `[redacted]`; names, order and other values kept. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  const secretHere = SECRET_PARAMS_BY_PATH[path.replace(/\/+$/, '')];
  const parts = url
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const name = decodedName(part.slice(0, equals));
      return SECRET_PARAMS.has(name) || secretHere?.has(name) ? `${part.slice(0, equals)}=[redacted]` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/** The request as a log line shows it: never a header or a query value that is a secret. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
