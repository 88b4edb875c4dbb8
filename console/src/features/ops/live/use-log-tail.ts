import { useState } from 'react';
import { type ShownLogEntry, shownLogEntrySchema } from '@tollgate/wire';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type LiveState, useSocketEvents } from './use-socket-events';

/** A row of the tail: the admins' `log` push (gateway live/log-pusher.ts). */
export type TailRow = ShownLogEntry;

export interface TailFilters {
  model: string;
  username: string;
  channel: string;
}

/** Rows the tail keeps, newest first. */
export const TAIL_ROWS = 100;

/** The channel filter takes the channel's id, or part of its name. */
export function matchesTail(row: TailRow, filters: TailFilters): boolean {
  if (filters.model && !row.model_name.includes(filters.model)) return false;
  if (filters.username && row.username !== filters.username) return false;
  const channel = filters.channel.trim();
  return !channel || String(row.channel ?? '') === channel || (row.channel_name ?? '').includes(channel);
}

/**
 * Every log row as it is written, on any gateway. While paused, rows wait aside (the view says
 * how many) and join the tail on resume, so a pause loses nothing.
 */
export function useLogTail(paused: boolean, connect: () => LiveSocket = connectSocket): LiveState & { rows: TailRow[]; waiting: number } {
  const [rows, setRows] = useState<TailRow[]>([]);
  const [held, setHeld] = useState<TailRow[]>([]);
  const [wasPaused, setWasPaused] = useState(paused);
  if (wasPaused !== paused) {
    setWasPaused(paused);
    if (!paused) {
      setRows((old) => [...held, ...old].slice(0, TAIL_ROWS));
      setHeld([]);
    }
  }
  const state = useSocketEvents(connect, {
    log: (payload) => {
      const parsed = shownLogEntrySchema.safeParse(payload);
      if (!parsed.success) return;
      if (paused) setHeld((old) => [parsed.data, ...old].slice(0, TAIL_ROWS));
      else setRows((old) => [parsed.data, ...old].slice(0, TAIL_ROWS));
    },
  });
  return { ...state, rows, waiting: held.length };
}
