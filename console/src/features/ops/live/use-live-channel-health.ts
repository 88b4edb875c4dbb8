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
  /** A breaker transition of one key of a multi-key channel: that key's index. */
  keyIndex?: number;
  reason: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** The breaker's transitions a row carries, oldest first: its history, or its last one where it sends none. */
const breakerNotes = (row: ChannelHealth): BreakerNote[] => (row.breakerHistory?.length ? row.breakerHistory : row.breaker ? [row.breaker] : []);

/**
 * The automatic switch-offs (with their reason), re-enables and breaker transitions between a
 * channel's state before and after, oldest first. A push reads the channel when it goes, so one
 * push may carry several transitions (a probe claimed, then answered): each newer than the last
 * one seen is an event; a channel seen for the first time shows its last transition only.
 */
export function healthEventsOf(before: ChannelHealth | undefined, after: ChannelHealth, nowMs: number): HealthEvent[] {
  const base = { channelId: after.id, name: after.name };
  const seenUntil = before?.breaker?.at ?? Number.NEGATIVE_INFINITY;
  const notes = before ? breakerNotes(after).filter((note) => note.at > seenUntil) : breakerNotes(after).slice(-1);
  const events: HealthEvent[] = notes.map((note) => ({ ...base, kind: note.change, keyIndex: note.keyIndex, reason: note.reason, at: note.at }));
  if (after.status === ChannelStatus.AutoDisabled && before?.status !== ChannelStatus.AutoDisabled) {
    events.push({ ...base, kind: 'disabled', reason: after.reason ?? '', at: after.statusTime === null ? nowMs : after.statusTime * 1000 });
  } else if (before?.status === ChannelStatus.AutoDisabled && after.status === ChannelStatus.Enabled) {
    events.push({ ...base, kind: 'enabled', reason: '', at: nowMs });
  }
  return events;
}

/**
 * Puts a pushed channel in the seed's list, in id order, replacing its old row. Pushes read the
 * channel independently, so one may arrive after a newer one: its older breaker is not shown.
 */
export function patchChannel(old: OpsSeed | undefined, row: ChannelHealth): OpsSeed | undefined {
  if (!old) return old;
  const current = old.channels.find((c) => c.id === row.id);
  const stale = (row.breaker?.at ?? Number.NEGATIVE_INFINITY) < (current?.breaker?.at ?? Number.NEGATIVE_INFINITY);
  const patched = stale && current ? { ...row, breaker: current.breaker, breakerHistory: current.breakerHistory, keyBreakers: current.keyBreakers } : row;
  const channels = [...old.channels.filter((c) => c.id !== row.id), patched].sort((a, b) => a.id - b.id);
  return { ...old, channels };
}

/** Keeps the channel health list current and returns the automatic switch-offs, re-enables and breaker transitions seen while open, newest first. */
export function useLiveChannelHealth(connect: () => LiveSocket = connectSocket): LivePushState & { events: HealthEvent[] } {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<HealthEvent[]>([]);
  const state = useLivePush(
    OPS_CHANNEL_EVENT,
    (row) => {
      const before = queryClient.getQueryData<OpsSeed>(opsSeedQueryKey)?.channels.find((c) => c.id === row.id);
      const seen = healthEventsOf(before, row, Date.now()).reverse();
      if (seen.length > 0) setEvents((old) => [...seen, ...old].slice(0, HEALTH_EVENTS_KEPT));
      queryClient.setQueryData<OpsSeed>(opsSeedQueryKey, (old) => patchChannel(old, row));
    },
    connect,
  );
  return { ...state, events };
}
