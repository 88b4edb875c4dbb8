import type { Channel } from '../ports/documents/channel-store.js';
import { TaskPlatform } from '../ports/documents/task-store.js';
import type { UpstreamRequest } from '../providers/types.js';

/** The proxy platforms: a task relay of their own, with a list query by ids. Video tasks are `video/`'s. */
export type ProxyPlatform = typeof TaskPlatform.Midjourney | typeof TaskPlatform.Suno;

/** Channel types that serve each proxy platform: Midjourney Proxy (2), Midjourney Proxy Plus (5), Suno (36). */
const PLATFORM_CHANNEL_TYPES: Record<ProxyPlatform, readonly number[]> = { [TaskPlatform.Midjourney]: [2, 5], [TaskPlatform.Suno]: [36] };

export const isProxyPlatform = (platform: TaskPlatform): platform is ProxyPlatform => Object.hasOwn(PLATFORM_CHANNEL_TYPES, platform);

export const servesPlatform = (platform: TaskPlatform) => (channel: Channel) => isProxyPlatform(platform) && PLATFORM_CHANNEL_TYPES[platform].includes(channel.type);

/** The proxy platform a channel serves, or null for a channel of models (or of videos). */
function platformOf(channel: Channel): ProxyPlatform | null {
  return ([TaskPlatform.Midjourney, TaskPlatform.Suno] as const).find((platform) => servesPlatform(platform)(channel)) ?? null;
}

/** A Midjourney proxy takes its secret in `mj-api-secret`; a Suno API a bearer key. */
function authHeaders(platform: TaskPlatform, key: string): Record<string, string> {
  return platform === TaskPlatform.Midjourney ? { 'mj-api-secret': key } : { authorization: `Bearer ${key}` };
}

/** A JSON POST to `path` under the channel's base URL, with the platform's credential. */
export function taskUpstream(platform: TaskPlatform, channel: Channel, path: string, body: unknown): UpstreamRequest {
  const base = new URL(channel.baseUrl);
  return {
    origin: base.origin,
    path: `${base.pathname.replace(/\/+$/, '')}${path}`,
    headers: { 'content-type': 'application/json', ...authHeaders(platform, channel.key) },
    body: JSON.stringify(body),
  };
}

/** Where each proxy platform lists tasks by id: the poller's query, and with no ids the channel test's. */
export const TASK_LIST_PATHS: Record<ProxyPlatform, string> = { [TaskPlatform.Midjourney]: '/mj/task/list-by-condition', [TaskPlatform.Suno]: '/suno/fetch' };

/**
 * The smallest call that proves a task channel's address and key: the platform's list query for
 * no tasks (a Midjourney proxy answers [], a Suno API an empty data), or null for a channel of models.
 */
export function taskChannelProbe(channel: Channel): UpstreamRequest | null {
  const platform = platformOf(channel);
  return platform ? taskUpstream(platform, channel, TASK_LIST_PATHS[platform], { ids: [] }) : null;
}

