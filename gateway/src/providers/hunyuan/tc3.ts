import { createHash, createHmac } from 'node:crypto';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** What a TC3-HMAC-SHA256 signature covers: a JSON POST to `/` of `host` for `service`. */
export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  payload: string;
  /** Unix seconds. */
  timestamp: number;
}

/** The signing content type: the header sent must be exactly this. */
export const TC3_CONTENT_TYPE = 'application/json';

/** Tencent Cloud's TC3-HMAC-SHA256 Authorization header (canonical request, string to sign, derived key). */
export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:${TC3_CONTENT_TYPE}\nhost:${input.host}\n`, signedHeaders, sha256Hex(input.payload)].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
