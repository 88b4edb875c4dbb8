import type { FastifyRequest } from 'fastify';
import { TokenStatus, type Token } from '../ports/token-store.js';
import { type User, UserStatus } from '../ports/user-store.js';
import type { DocumentCache } from './document-cache.js';
import { RelayError, RelayMessages } from './relay-error.js';

/** Who is calling the relay: a valid key and its enabled owner. */
export interface Caller {
  token: Token;
  user: User;
  /** The group that picks channels and the group ratio: the token's, else the user's. */
  group: string;
}

/** The bare key of `Authorization: Bearer sk-<key>` (the `sk-` prefix is optional). */
export function parseApiKey(authorization: string | undefined): string {
  const value = (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  return value.startsWith('sk-') ? value.slice(3) : value;
}

const unauthorized = (message: string) => new RelayError(401, message, 'invalid_api_key', 'invalid_request_error');

function checkToken(token: Token, nowSeconds: number): void {
  if (token.status === TokenStatus.Exhausted) throw unauthorized(RelayMessages.tokenExhausted);
  if (token.status === TokenStatus.Expired) throw unauthorized(RelayMessages.tokenExpired);
  if (token.status !== TokenStatus.Enabled) throw unauthorized(RelayMessages.tokenDisabled);
  if (token.expiredTime !== -1 && token.expiredTime < nowSeconds) throw unauthorized(RelayMessages.tokenExpired);
}

function checkClientIp(token: Token, ip: string): void {
  if (token.allowIps.length > 0 && !token.allowIps.includes(ip)) throw new RelayError(403, RelayMessages.ipNotAllowed, 'access_denied');
}

/** The key wherever a client of one of the three surfaces puts it: OpenAI's, Anthropic's or Google's. */
function presentedKey(request: FastifyRequest): string {
  const { headers } = request;
  const queryKey = (request.query as { key?: unknown } | undefined)?.key;
  const raw = headers.authorization ?? headers['x-api-key'] ?? headers['x-goog-api-key'] ?? (typeof queryKey === 'string' ? queryKey : undefined);
  return parseApiKey(Array.isArray(raw) ? raw[0] : raw);
}

/** Authenticates a relay call; every refusal is an error in the surface's shape and costs nothing. */
export async function authenticateCaller(request: FastifyRequest, cache: DocumentCache, now = Date.now()): Promise<Caller> {
  const key = presentedKey(request);
  if (!key) throw unauthorized(RelayMessages.noKey);
  const token = await cache.tokenByKey(key);
  if (!token) throw unauthorized(RelayMessages.invalidKey);
  checkToken(token, Math.floor(now / 1000));
  checkClientIp(token, request.ip);
  const user = await cache.user(token.userId);
  if (!user || user.status !== UserStatus.Enabled || user.deletedAt !== null) throw new RelayError(403, RelayMessages.userBanned, 'user_banned');
  return { token, user, group: token.group || user.group };
}

/** A token with model limits may call only the models it lists. */
export function checkModelAllowed(caller: Caller, model: string): void {
  const { token } = caller;
  if (token.modelLimitsEnabled && !token.modelLimits.includes(model)) throw new RelayError(403, RelayMessages.modelNotAllowed(model), 'model_not_allowed');
}
