import { request } from 'undici';
import type { Channel } from '../ports/documents/channel-store.js';
import { providerFor } from '../providers/index.js';

const TIMEOUT_MS = 30_000;

/** GETs a JSON resource from the channel's upstream with the channel's own credentials. */
export async function getUpstreamJson(channel: Channel, path: string): Promise<Record<string, unknown>> {
  const upstream = await providerFor(channel.type).request(channel, path, {});
  const { 'content-type': _json, ...headers } = upstream.headers;
  const response = await request(upstream.origin + upstream.path, { method: 'GET', headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.body.text();
  if (response.statusCode >= 400) throw new Error(`status code: ${response.statusCode}`);
  return JSON.parse(text) as Record<string, unknown>;
}
