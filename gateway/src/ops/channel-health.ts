import { type ChannelHealth, ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import { breakerHistoryOf, breakerNoteOf, keyBreakersOf } from './breaker-history.js';

function statusNote(channel: Channel): { reason: string | null; statusTime: number | null } {
  if (channel.status !== ChannelStatus.AutoDisabled) return { reason: null, statusTime: null };
  try {
    const info = JSON.parse(channel.otherInfo || '{}') as { status_reason?: unknown; status_time?: unknown };
    return { reason: typeof info.status_reason === 'string' ? info.status_reason : null, statusTime: typeof info.status_time === 'number' ? info.status_time : null };
  } catch {
    return { reason: null, statusTime: null };
  }
}

/** A channel's health as the operations view shows it: state, last test, why it was switched off, and its breaker's latest transitions. */
export function channelHealthOf(channel: Channel): ChannelHealth {
  return { id: channel.id, name: channel.name, status: channel.status, testTime: channel.testTime, responseTime: channel.responseTime, ...statusNote(channel), breaker: breakerNoteOf(channel), breakerHistory: breakerHistoryOf(channel), keyBreakers: keyBreakersOf(channel) };
}
