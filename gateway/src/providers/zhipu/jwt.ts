import { createHash, createHmac } from 'node:crypto';

interface CachedJwt {
  token: string;
  renewAt: number;
}

/** Tokens by key hash: the key itself is never held as a map key. */
const cache = new Map<string, CachedJwt>();

const LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Sign anew this long before expiry, so a token never dies in flight. */
const RENEW_EARLY_MS = 5 * 60 * 1000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A Zhipu JWT for an `id.secret` key: HS256 over api_key/exp/timestamp (milliseconds), header sign_type SIGN. */
export function signZhipuJwt(key: string, now: number): string {
  const dot = key.indexOf('.');
  const [id, secret] = dot < 0 ? [key, ''] : [key.slice(0, dot), key.slice(dot + 1)];
  const header = base64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }));
  const payload = base64url(JSON.stringify({ api_key: id, exp: now + LIFETIME_MS, timestamp: now }));
  const signature = base64url(createHmac('sha256', secret).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}

/** The channel's JWT, signed once and reused until shortly before it expires (per process: signing is local). */
export function zhipuJwt(key: string, now = Date.now()): string {
  const cacheKey = createHash('sha256').update(key).digest('hex');
  const cached = cache.get(cacheKey);
  if (cached && cached.renewAt > now) return cached.token;
  const token = signZhipuJwt(key, now);
  cache.set(cacheKey, { token, renewAt: now + LIFETIME_MS - RENEW_EARLY_MS });
  return token;
}
