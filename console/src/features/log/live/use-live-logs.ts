import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import type { Page } from '../../../api/page';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import type { LogEntry } from '../api';
import type { LogFilters } from '../filters';
import { LOG_PAGE_SIZE } from '../hooks/use-logs';
import { matchesFilters } from './log-row-match';

/** The server's `log` event (gateway live/log-pusher.ts), parsed at the boundary. */
const pushedRowSchema = z.object({
  id: z.union([z.string(), z.number()]),
  created_at: z.number(),
  type: z.number(),
  content: z.string(),
  username: z.string(),
  token_name: z.string(),
  model_name: z.string(),
  quota: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  use_time: z.number(),
  is_stream: z.boolean(),
  channel: z.optional(z.number()),
  channel_name: z.optional(z.string()),
  token_id: z.optional(z.number()),
  other: z.string(),
});

/** The server's `throughput` / `throughput_all` events: the last minute's RPM and TPM. */
export const throughputSchema = z.object({ rpm: z.number(), tpm: z.number() });
export type Throughput = z.infer<typeof throughputSchema>;

/** Puts a pushed row at the top of the first page, once; the page keeps its size. */
export function prependRow(old: Page<LogEntry> | undefined, row: LogEntry): Page<LogEntry> | undefined {
  if (!old || old.items.some((item) => item.id === row.id)) return old;
  return { ...old, items: [row, ...old.items].slice(0, LOG_PAGE_SIZE), total: old.total + 1 };
}

/**
 * The log page, live: each pushed row that matches the filters goes to the top of page 1, and
 * the last minute's RPM/TPM (the user's own, or everyone's for admins) is returned as it comes.
 */
export function useLiveLogs(filters: LogFilters, admin: boolean, page: number, connect: () => LiveSocket = connectSocket): Throughput | null {
  const queryClient = useQueryClient();
  const [throughput, setThroughput] = useState<Throughput | null>(null);
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    const shown = JSON.parse(filtersKey) as LogFilters;
    const socket = connect();
    socket.on('log', (payload: unknown) => {
      const parsed = pushedRowSchema.safeParse(payload);
      if (!parsed.success || page !== 1 || !matchesFilters(parsed.data, shown, admin)) return;
      queryClient.setQueryData<Page<LogEntry>>(['logs', shown, admin, 1], (old) => prependRow(old, parsed.data));
    });
    socket.on(admin ? 'throughput_all' : 'throughput', (payload: unknown) => {
      const parsed = throughputSchema.safeParse(payload);
      if (parsed.success) setThroughput(parsed.data);
    });
    return () => {
      socket.disconnect();
    };
  }, [connect, queryClient, filtersKey, admin, page]);
  return throughput;
}
