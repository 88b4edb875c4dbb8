import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { opsSeedQueryKey } from '../api';
import { type ChannelHealth, channelHealthSchema, ChannelStatus, type OpsSeed } from '@tollgate/wire';
import { type LiveState, useSocketEvents } from './use-socket-events';

/** The server's `ops_channel` event (gateway live/channel-health-pusher.ts). */
export const OPS_CHANNEL_EVENT = 'ops_channel';
/** Events the view keeps, newest first. */
export const HEALTH_EVENTS_KEPT = 50;

export interface HealthEvent {
  kind: 'disabled' | 'enabled';
  channelId: number;
  name: string;
  reason: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** An automatic switch-off (with its reason) or a re-enable, read from a channel's state before and after. */
export function healthEventOf(before: ChannelHealth | undefined, after: ChannelHealth, nowMs: number): HealthEvent | null {
  const base = { channelId: after.id, name: after.name };
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
export function useLiveChannelHealth(connect: () => LiveSocket = connectSocket): LiveState & { events: HealthEvent[] } {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<HealthEvent[]>([]);
  const state = useSocketEvents(connect, {
    [OPS_CHANNEL_EVENT]: (payload) => {
      const parsed = channelHealthSchema.safeParse(payload);
      if (!parsed.success) return;
      const before = queryClient.getQueryData<OpsSeed>(opsSeedQueryKey)?.channels.find((c) => c.id === parsed.data.id);
      const event = healthEventOf(before, parsed.data, Date.now());
      if (event) setEvents((old) => [event, ...old].slice(0, HEALTH_EVENTS_KEPT));
      queryClient.setQueryData<OpsSeed>(opsSeedQueryKey, (old) => patchChannel(old, parsed.data));
    },
  });
  return { ...state, events };
}
