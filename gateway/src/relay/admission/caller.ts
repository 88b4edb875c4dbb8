import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Options } from '../../ports/options.js';
import { AUTO_GROUP, usableGroups } from '../../options/user-groups.js';
import { TokenStatus, type Token } from '../../ports/documents/token-store.js';
import { Role, type User, UserStatus } from '../../ports/documents/user-store.js';
import { closeUnreadUpload } from '../../http/close-unread-upload.js';
import { parseStrictInt } from '../../http/strict-int.js';
import type { DocumentCache } from './document-cache.js';
import { RelayError, RelayMessages } from '../../http/relay-error.js';

/** Who is calling the relay: a valid key and its enabled owner. */
export interface Caller {
  token: Token;
  user: User;
  /** The group that picks channels and the group ratio: the token's, else the user's. */
  group: string;
  /** An admin's `sk-<key>-<channelId>` pins the call to that channel (no routing, no retries). */
  pinnedChannelId?: number;
}

/** The bare key of `Authorization: Bearer sk-<key>` (the `sk-` prefix is optional). */
export function parseApiKey(authorization: string | undefined): string {
  return parseKeyParts(authorization).key;
}

const BEARER = /^Bearer\s+/i;

/**
 * The key and, for `sk-<key>-<channelId>`, the channel part (keys are alphanumeric, so `-` only
 * separates; a third part is ignored). Read with slices rather than a regex replace and a split:
 * it runs on every relayed call (0.5% of the relay's CPU in the issue #37 profile).
 */
export function parseKeyParts(authorization: string | undefined): { key: string; channel: string | null } {
  const given = authorization ?? '';
  const value = (given.startsWith('Bearer ') ? given.slice(7) : given.replace(BEARER, '')).trim();
  const bare = value.startsWith('sk-') ? value.slice(3) : value;
  const dash = bare.indexOf('-');
  if (dash === -1) return { key: bare, channel: null };
  const next = bare.indexOf('-', dash + 1);
  return { key: bare.slice(0, dash), channel: next === -1 ? bare.slice(dash + 1) : bare.slice(dash + 1, next) };
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

const KEY_SUBPROTOCOL = 'openai-insecure-api-key.';

/** The key a browser's realtime client offers as a WebSocket subprotocol, since it cannot set headers. */
function subprotocolKey(offered: string | undefined): string | undefined {
  if (!offered?.includes(KEY_SUBPROTOCOL)) return undefined;
  return offered
    .split(',')
    .map((protocol) => protocol.trim())
    .find((protocol) => protocol.startsWith(KEY_SUBPROTOCOL))
    ?.slice(KEY_SUBPROTOCOL.length);
}

/** The key wherever a client of one of the surfaces puts it: OpenAI's (a realtime browser client's too), Anthropic's or Google's. */
function presentedKey(request: FastifyRequest): string | undefined {
  const { headers } = request;
  const queryKey = (request.query as { key?: unknown } | undefined)?.key;
  const raw = headers.authorization ?? headers['x-api-key'] ?? headers['x-goog-api-key'] ?? (typeof queryKey === 'string' ? queryKey : undefined) ?? subprotocolKey(headers['sec-websocket-protocol']);
  return Array.isArray(raw) ? raw[0] : raw;
}

/** Only an admin may pin a channel; anyone else presenting one is refused, as the wire-compatible gateway does. */
function pinnedChannelId(channel: string | null, user: User): number | undefined {
  if (channel === null) return undefined;
  if (user.role < Role.Admin) throw new RelayError(403, RelayMessages.pinNotAllowed, 'access_denied');
  const id = parseStrictInt(channel);
  if (id === undefined) throw new RelayError(400, RelayMessages.invalidChannelId, 'invalid_channel_id');
  return id;
}

/** Authenticates a relay call; every refusal is an error in the surface's shape and costs nothing. */
async function authenticateCaller(request: FastifyRequest, cache: DocumentCache): Promise<Caller> {
  const { key, channel } = parseKeyParts(presentedKey(request));
  if (!key) throw unauthorized(RelayMessages.noKey);
  const token = await cache.tokenByKey(key);
  if (!token) throw unauthorized(RelayMessages.invalidKey);
  checkToken(token, Math.floor(Date.now() / 1000));
  checkClientIp(token, request.ip);
  const user = await cache.user(token.userId);
  if (!user || user.status !== UserStatus.Enabled || user.deletedAt !== null) throw new RelayError(403, RelayMessages.userBanned, 'user_banned');
  const caller: Caller = { token, user, group: token.group || user.group };
  const pinned = pinnedChannelId(channel, user);
  return pinned === undefined ? caller : { ...caller, pinnedChannelId: pinned };
}

const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * Route options for a relay route: the key is authenticated as the request arrives, before fastify
 * reads or validates its body, so a call without a valid key is refused with 401 or 403 whatever it
 * sent (as OpenAI and new-api answer) and its body is never parsed.
 */
export function keyFirst(cache: DocumentCache): { onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void> } {
  return {
    onRequest: async (request, reply) => {
      try {
        callers.set(request, await authenticateCaller(request, cache));
      } catch (refusal) {
        closeUnreadUpload(request, reply);
        throw refusal;
      }
    },
  };
}

/** The caller `keyFirst` authenticated for this request. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.url}: a relay route registered without keyFirst`);
  return caller;
}

/**
 * A token's group must still be one its owner may use and one that has a ratio: an admin who takes
 * a group out of UserUsableGroups or GroupRatio stops the keys made for it, as new-api does. `auto`
 * has no ratio: its calls are billed in the group that serves them (auto-group.ts).
 */
export function checkTokenGroup(caller: Caller, options: Options): void {
  const group = caller.token.group;
  if (!group) return;
  if (!Object.hasOwn(usableGroups(options, caller.user.group), group)) throw new RelayError(403, RelayMessages.tokenGroupDisabled(group), 'group_not_allowed');
  if (group !== AUTO_GROUP && !Object.hasOwn(options.numberMap('GroupRatio'), group)) throw new RelayError(403, RelayMessages.groupDeprecated(group), 'group_not_allowed');
}

/** A token with model limits may call only the models it lists. */
export function checkModelAllowed(caller: Caller, model: string): void {
  const { token } = caller;
  if (token.modelLimitsEnabled && !token.modelLimits.includes(model)) throw new RelayError(403, RelayMessages.modelNotAllowed(model), 'model_not_allowed');
}

/** Who a call is counted for in the operations view's top spenders. */
export const spenderOf = (caller: Caller) => ({ user: { id: caller.user.id, name: caller.user.username }, apiToken: { id: caller.token.id, name: caller.token.name } });
