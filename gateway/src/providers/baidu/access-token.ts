import { createHash } from 'node:crypto';
import { request } from 'undici';

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** Tokens by (origin, key hash): the key itself is never held as a map key. */
const cache = new Map<string, CachedToken>();

/** Renew this long before Baidu's expiry, so a token never dies in flight. */
const RENEW_EARLY_MS = 60 * 60 * 1000;

/**
 * A Baidu access token for an `APIKey|SecretKey` channel key, from the OAuth token endpoint at the
 * channel's origin, cached in this process until shortly before it expires. Baidu keeps every
 * token it issued valid until its own expiry, so in cluster mode each gateway process simply
 * holds its own token: no shared cache is needed.
 */
export async function baiduAccessToken(origin: string, key: string, now = Date.now()): Promise<string> {
  const cacheKey = `${origin} ${createHash('sha256').update(key).digest('hex')}`;
  const cached = cache.get(cacheKey);
  if (cached && cached.expiresAt > now) return cached.token;
  const [clientId = '', clientSecret = ''] = key.split('|');
  const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  const response = await request(`${origin}/oauth/2.0/token?${query}`, { method: 'POST', signal: AbortSignal.timeout(30_000) });
  const answer = (await response.body.json()) as { access_token?: string; expires_in?: number; error_description?: string };
  if (!answer.access_token) throw new Error(`baidu access token refused: ${answer.error_description ?? `status ${response.statusCode}`}`);
  cache.set(cacheKey, { token: answer.access_token, expiresAt: now + (answer.expires_in ?? 0) * 1000 - RENEW_EARLY_MS });
  return answer.access_token;
}
