import { createHash, createSign } from 'node:crypto';
import { request } from 'undici';

/** The fields of a Google service-account key file that the token exchange reads. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const LIFETIME_S = 3600;
/** A token is renewed this long before Google says it expires, so no call carries a dying one. */
const RENEW_BEFORE_MS = 5 * 60_000;

/** The channel key: a service-account JSON. The message never repeats the key. */
export function parseServiceAccount(key: string): ServiceAccount {
  let parsed: Partial<ServiceAccount>;
  try {
    parsed = JSON.parse(key) as Partial<ServiceAccount>;
  } catch {
    throw new Error('Vertex AI key must be a service-account JSON');
  }
  const { project_id, client_email, private_key, token_uri } = parsed;
  if (!project_id || !client_email || !private_key || !token_uri) throw new Error('Vertex AI service-account JSON lacks project_id, client_email, private_key or token_uri');
  return { project_id, client_email, private_key, private_key_id: parsed.private_key_id, token_uri };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The RS256-signed JWT assertion Google's token endpoint exchanges for an access token. */
export function signedAssertion(account: ServiceAccount, nowS: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) }));
  const claims = base64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: account.token_uri, iat: nowS, exp: nowS + LIFETIME_S }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

interface CachedToken {
  token: string;
  renewAt: number;
}

/** Tokens by service account (a hash of its key: the cache holds no private key as its index). */
const cache = new Map<string, Promise<CachedToken>>();

async function exchange(account: ServiceAccount): Promise<CachedToken> {
  const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signedAssertion(account, Math.floor(Date.now() / 1000)) });
  const response = await request(account.token_uri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), signal: AbortSignal.timeout(30_000) });
  const answer = (await response.body.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
  if (response.statusCode >= 400 || !answer.access_token) throw new Error(`Vertex AI token exchange failed (${response.statusCode}): ${answer.error_description ?? 'no access_token'}`);
  return { token: answer.access_token, renewAt: Date.now() + (answer.expires_in ?? LIFETIME_S) * 1000 - RENEW_BEFORE_MS };
}

/** An access token for the service account, from the cache until shortly before it expires; concurrent callers share one exchange. */
export async function accessToken(account: ServiceAccount): Promise<string> {
  const id = createHash('sha256').update(`${account.client_email}\n${account.token_uri}\n${account.private_key}`).digest('hex');
  const cached = cache.get(id);
  if (cached) {
    const held = await cached.catch(() => null);
    if (held && held.renewAt > Date.now()) return held.token;
  }
  const pending = exchange(account);
  cache.set(id, pending);
  pending.catch(() => cache.delete(id));
  return (await pending).token;
}
