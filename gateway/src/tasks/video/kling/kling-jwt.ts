import { createHmac } from 'node:crypto';

/** How long a signed token lasts: Kling's own example uses 30 minutes. */
const TOKEN_SECONDS = 1800;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Kling's API token: an HS256 JWT whose issuer is the access key, signed with the secret key,
 * valid from five seconds ago (clock skew) for 30 minutes, as Kling's documentation signs it.
 * The channel key is `access_key|secret_key`; a key without the bar is sent as it is (a relay
 * that takes a plain bearer key, as new-api does for `sk-` keys).
 */
export function klingToken(channelKey: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const [access, secret] = channelKey.split('|').map((part) => part.trim());
  if (!access || secret === undefined) return channelKey;
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iss: access, exp: nowSeconds + TOKEN_SECONDS, nbf: nowSeconds - 5 }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
