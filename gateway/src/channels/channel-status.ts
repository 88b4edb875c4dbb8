import type { ChannelsContext } from '../contexts/channels.js';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import { notifyRootDisabled, notifyRootEnabled, type RootNoticeDeps } from './root-notice.js';

type Deps = ChannelsContext;
export type ChannelStatusDeps = Deps & RootNoticeDeps;

/** The channel's `other_info` JSON as an object: empty when unset or unreadable. */
export function otherInfoOf(channel: Channel): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(channel.otherInfo || '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Switches a channel off by itself, leaving the reason and time the console's tooltip shows, and tells root. */
export async function disableAutomatically(deps: ChannelStatusDeps, channel: Channel, reason: string, now = Date.now()): Promise<void> {
  const info = { ...otherInfoOf(channel), status_reason: reason, status_time: Math.floor(now / 1000) };
  await deps.channels.update(channel.id, { status: ChannelStatus.AutoDisabled, otherInfo: JSON.stringify(info) });
  deps.notices.publish('channels', channel.id);
  notifyRootDisabled(deps, channel, reason);
}

/** Brings an automatically disabled channel back, and tells root. */
export async function enableAutomatically(deps: ChannelStatusDeps, channel: Channel): Promise<void> {
  await deps.channels.update(channel.id, { status: ChannelStatus.Enabled });
  deps.notices.publish('channels', channel.id);
  notifyRootEnabled(deps, channel);
}

/** Keeps a test's response time and when it ran (the console's response-time column). */
export async function recordTest(deps: Deps, channel: Channel, elapsedMs: number, now = Date.now()): Promise<void> {
  await deps.channels.update(channel.id, { responseTime: elapsedMs, testTime: Math.floor(now / 1000) });
  deps.notices.publish('channelHealth', channel.id);
}
