import { dict } from '@tollgate/wire';
import { createHmac } from 'node:crypto';

/** The version a channel gets when its `other` names none, or one we don't know. */
const DEFAULT_VERSION = { domain: 'generalv2', path: '/v2.1/chat' };

/** Spark versions: the chat domain each serves and the URL path it is reached at. */
const VERSIONS: Record<string, { domain: string; path: string }> = dict({
  'v1.1': { domain: 'general', path: '/v1.1/chat' },
  'v2.1': DEFAULT_VERSION,
  'v3.1': { domain: 'generalv3', path: '/v3.1/chat' },
  'v3.5': { domain: 'generalv3.5', path: '/v3.5/chat' },
  'v4.0': { domain: '4.0Ultra', path: '/v4.0/chat' },
});

/** The version named in the channel's `other` (default v2.1). */
export function sparkVersion(other: string): { domain: string; path: string } {
  return VERSIONS[other.trim()] ?? DEFAULT_VERSION;
}

/**
 * The signed WebSocket path and query: HMAC-SHA256 with the API secret over
 * "host: …\ndate: …\nGET <path> HTTP/1.1", wrapped in a base64 `authorization` naming the API key.
 */
export function signedSparkPath(input: { host: string; path: string; apiKey: string; apiSecret: string; date: string }): string {
  const origin = `host: ${input.host}\ndate: ${input.date}\nGET ${input.path} HTTP/1.1`;
  const signature = createHmac('sha256', input.apiSecret).update(origin).digest('base64');
  const authorization = Buffer.from(`api_key="${input.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`).toString('base64');
  return `${input.path}?${new URLSearchParams({ authorization, date: input.date, host: input.host })}`;
}
