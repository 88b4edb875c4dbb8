import { useState } from 'react';
import { z } from 'zod/mini';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type LiveState, useSocketEvents } from './use-socket-events';

/** The admins' `log` event (gateway live/log-pusher.ts): the fields the tail shows. */
const tailRowSchema = z.object({
  id: z.union([z.string(), z.number()]),
  created_at: z.number(),
  type: z.number(),
  username: z.string(),
  token_name: z.string(),
  model_name: z.string(),
  quota: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  use_time: z.number(),
  channel: z.optional(z.number()),
  channel_name: z.optional(z.string()),
});
export type TailRow = z.infer<typeof tailRowSchema>;

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
      const parsed = tailRowSchema.safeParse(payload);
      if (!parsed.success) return;
      if (paused) setHeld((old) => [parsed.data, ...old].slice(0, TAIL_ROWS));
      else setRows((old) => [parsed.data, ...old].slice(0, TAIL_ROWS));
    },
  });
  return { ...state, rows, waiting: held.length };
}
