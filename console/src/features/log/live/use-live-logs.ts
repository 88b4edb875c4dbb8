import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Throughput } from '@tollgate/wire';
import type { Page } from '../../../api/page';
import { connectTailSocket, type LiveSocket } from '../../../live/socket';
import { useLivePush } from '../../../live/use-live-push';
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
  useLivePush(
    'log',
    (row) => {
      if (page !== 1 || !matchesFilters(row, filters, admin)) return;
      queryClient.setQueryData<Page<LogEntry>>(['logs', filters, admin, 1], (old) => prependRow(old, row));
    },
    connect,
  );
  useLivePush(admin ? 'throughput_all' : 'throughput', setThroughput, connect);
  return throughput;
}
