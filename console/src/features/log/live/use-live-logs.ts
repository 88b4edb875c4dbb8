import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { shownLogEntrySchema, type Throughput, throughputSchema } from '@tollgate/wire';
import type { Page } from '../../../api/page';
import { connectTailSocket, type LiveSocket } from '../../../live/socket';
import type { LogEntry } from '../api';
import type { LogFilters } from '../filters';
import { LOG_PAGE_SIZE } from '../hooks/use-logs';
import { matchesFilters } from './log-row-match';

/** Puts a pushed row at the top of the first page, once; the page keeps its size. */
export function prependRow(old: Page<LogEntry> | undefined, row: LogEntry): Page<LogEntry> | undefined {
  if (!old || old.items.some((item) => item.id === row.id)) return old;
  return { ...old, items: [row, ...old.items].slice(0, LOG_PAGE_SIZE), total: old.total + 1 };
}

/**
 * The log page, live: each pushed row that matches the filters goes to the top of page 1, and
 * the last minute's RPM/TPM (the user's own, or everyone's for admins) is returned as it comes.
 */
export function useLiveLogs(filters: LogFilters, admin: boolean, page: number, connect: () => LiveSocket = connectTailSocket): Throughput | null {
  const queryClient = useQueryClient();
  const [throughput, setThroughput] = useState<Throughput | null>(null);
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    const shown = JSON.parse(filtersKey) as LogFilters;
    const socket = connect();
    socket.on('log', (payload: unknown) => {
      const parsed = shownLogEntrySchema.safeParse(payload);
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
