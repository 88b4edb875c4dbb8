import { useState } from 'react';
import type { ShownLogEntry } from '@tollgate/wire';
import { connectTailSocket, type LiveSocket } from '../../../live/socket';
import { bothPushes, type LivePushState, useLivePush } from '../../../live/use-live-push';

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

/** The rows a second each gateway pushes to a tail at most (gateway live/log-pusher.ts TAIL_ROWS_PER_SECOND). */
export const TAIL_ROWS_PER_SECOND = 50;

/**
 * Every log row as it is written, on any gateway. While paused, rows wait aside (the view says
 * how many) and join the tail on resume, so a pause loses nothing the gateways sent. Under load
 * each gateway sends at most TAIL_ROWS_PER_SECOND rows a second and says how many it left out:
 * `dropped` adds those up.
 */
export function useLogTail(paused: boolean, connect: () => LiveSocket = connectTailSocket): LivePushState & { rows: TailRow[]; waiting: number; dropped: number } {
  const [rows, setRows] = useState<TailRow[]>([]);
  const [dropped, setDropped] = useState(0);
  const [held, setHeld] = useState<TailRow[]>([]);
  const [wasPaused, setWasPaused] = useState(paused);
  if (wasPaused !== paused) {
    setWasPaused(paused);
    if (!paused) {
      setRows((old) => [...held, ...old].slice(0, TAIL_ROWS));
      setHeld([]);
    }
  }
  const rowState = useLivePush(
    'log',
    (row) => {
      if (paused) setHeld((old) => [row, ...old].slice(0, TAIL_ROWS));
      else setRows((old) => [row, ...old].slice(0, TAIL_ROWS));
    },
    connect,
  );
  const droppedState = useLivePush('log_dropped', (pushed) => setDropped((old) => old + pushed.rows), connect);
  return { ...bothPushes(rowState, droppedState), rows, waiting: held.length, dropped };
}
