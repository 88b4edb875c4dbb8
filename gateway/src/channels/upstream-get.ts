import { request } from 'undici';
import type { Channel } from '../ports/documents/channel-store.js';
import { providerFor } from '../providers/index.js';
import type { UpstreamTarget } from '../providers/types.js';

const TIMEOUT_MS = 30_000;

/** GETs a JSON resource at `target` (its origin, path and headers; a JSON content-type is not sent with a GET). */
export async function getJsonAt(target: UpstreamTarget): Promise<Record<string, unknown>> {
  const { 'content-type': _json, ...headers } = target.headers;
  const response = await request(target.origin + target.path, { method: 'GET', headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.body.text();
  if (response.statusCode >= 400) throw new Error(`status code: ${response.statusCode}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** GETs a JSON resource from the channel's upstream with the channel's own credentials. */
export async function getUpstreamJson(channel: Channel, path: string): Promise<Record<string, unknown>> {
  return getJsonAt(await providerFor(channel.type).request(channel, path, {}));
}
