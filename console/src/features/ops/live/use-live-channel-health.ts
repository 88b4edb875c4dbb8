import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { opsSeedQueryKey } from '../api';
import { type BreakerNote, type ChannelHealth, ChannelStatus, type LivePushName, type OpsSeed } from '@tollgate/wire';
import { type LivePushState, useLivePush } from '../../../live/use-live-push';

/** The server's `ops_channel` event (gateway live/channel-health-pusher.ts). */
export const OPS_CHANNEL_EVENT = 'ops_channel' satisfies LivePushName;
/** Events the view keeps, newest first. */
export const HEALTH_EVENTS_KEPT = 50;

export interface HealthEvent {
  /** An automatic switch-off or re-enable, or a circuit breaker's transition. */
  kind: 'disabled' | 'enabled' | BreakerNote['change'];
  channelId: number;
  name: string;
  reason: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** An automatic switch-off (with its reason), a re-enable, or a breaker's transition, read from a channel's state before and after. */
export function healthEventOf(before: ChannelHealth | undefined, after: ChannelHealth, nowMs: number): HealthEvent | null {
  const base = { channelId: after.id, name: after.name };
  const breaker = after.breaker;
  if (breaker && breaker.at !== before?.breaker?.at) return { ...base, kind: breaker.change, reason: breaker.reason, at: breaker.at };
  if (after.status === ChannelStatus.AutoDisabled && before?.status !== ChannelStatus.AutoDisabled) {
    return { ...base, kind: 'disabled', reason: after.reason ?? '', at: after.statusTime === null ? nowMs : after.statusTime * 1000 };
  }
  if (before?.status === ChannelStatus.AutoDisabled && after.status === ChannelStatus.Enabled) return { ...base, kind: 'enabled', reason: '', at: nowMs };
  return null;
}

/** Puts a pushed channel in the seed's list, in id order, replacing its old row. */
export function patchChannel(old: OpsSeed | undefined, row: ChannelHealth): OpsSeed | undefined {
  if (!old) return old;
  const channels = [...old.channels.filter((c) => c.id !== row.id), row].sort((a, b) => a.id - b.id);
  return { ...old, channels };
}

/** Keeps the channel health list current and returns the automatic switch-offs and re-enables seen while open. */
export function useLiveChannelHealth(connect: () => LiveSocket = connectSocket): LivePushState & { events: HealthEvent[] } {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<HealthEvent[]>([]);
  const state = useLivePush(
    OPS_CHANNEL_EVENT,
    (row) => {
      const before = queryClient.getQueryData<OpsSeed>(opsSeedQueryKey)?.channels.find((c) => c.id === row.id);
      const event = healthEventOf(before, row, Date.now());
      if (event) setEvents((old) => [event, ...old].slice(0, HEALTH_EVENTS_KEPT));
      queryClient.setQueryData<OpsSeed>(opsSeedQueryKey, (old) => patchChannel(old, row));
    },
    connect,
  );
  return { ...state, events };
}
