import { type Channel, ChannelStatus } from '../ports/channel-store.js';

/** A channel's health as the operations view shows it: state, last test, and why it was switched off. */
export interface ChannelHealth {
  id: number;
  name: string;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically. */
  status: number;
  /** When the last test ran (epoch seconds, 0: never) and how long it took. */
  testTime: number;
  responseTime: number;
  /** Set while the channel is disabled automatically: why, and when (epoch seconds). */
  reason: string | null;
  statusTime: number | null;
}

function statusNote(channel: Channel): { reason: string | null; statusTime: number | null } {
  if (channel.status !== ChannelStatus.AutoDisabled) return { reason: null, statusTime: null };
  try {
    const info = JSON.parse(channel.otherInfo || '{}') as { status_reason?: unknown; status_time?: unknown };
    return { reason: typeof info.status_reason === 'string' ? info.status_reason : null, statusTime: typeof info.status_time === 'number' ? info.status_time : null };
  } catch {
    return { reason: null, statusTime: null };
  }
}

export function channelHealthOf(channel: Channel): ChannelHealth {
  return { id: channel.id, name: channel.name, status: channel.status, testTime: channel.testTime, responseTime: channel.responseTime, ...statusNote(channel) };
}
