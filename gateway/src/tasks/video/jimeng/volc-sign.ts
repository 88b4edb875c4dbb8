import { createHash, createHmac } from 'node:crypto';

/** The visual API's scope: Jimeng is Volcengine's `cv` service, signed for cn-north-1 whatever host serves it. */
const REGION = 'cn-north-1';
const SERVICE = 'cv';

export interface VolcRequest {
  method: string;
  /** The host the request goes to (with its port when it has one), as the `host` header carries it. */
  host: string;
  path: string;
  query: Record<string, string>;
  body: string;
  contentType: string;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

/** `20260131T120000Z`: the signing time, UTC, to the second. */
const xDateOf = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Volcengine's request signature (HMAC-SHA256, its SigV4 variant): a canonical request over the
 * method, path, sorted query, the host, date, body hash and content type, signed with a key
 * derived from the secret through the date, region, service and `request`. Returns the headers
 * the request carries (`X-Date`, `X-Content-Sha256`, `Authorization`).
 */
export function volcSignedHeaders(request: VolcRequest, accessKey: string, secretKey: string, now = new Date()): Record<string, string> {
  const xDate = xDateOf(now);
  const day = xDate.slice(0, 8);
  const bodyHash = sha256Hex(request.body);
  const query = Object.keys(request.query).sort().map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(request.query[key] ?? '')}`).join('&');
  // The signed headers, already in their sorted order.
  const signed: [string, string][] = [['content-type', request.contentType], ['host', request.host], ['x-content-sha256', bodyHash], ['x-date', xDate]];
  const names = signed.map(([name]) => name).join(';');
  const canonical = [request.method, request.path, query, signed.map(([name, value]) => `${name}:${value.trim()}\n`).join(''), names, bodyHash].join('\n');
  const scope = `${day}/${REGION}/${SERVICE}/request`;
  const toSign = ['HMAC-SHA256', xDate, scope, sha256Hex(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(secretKey, day), REGION), SERVICE), 'request');
  const signature = hmac(signingKey, toSign).toString('hex');
  return { 'x-date': xDate, 'x-content-sha256': bodyHash, authorization: `HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${names}, Signature=${signature}` };
}
