import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logApi } from '../api';
import type { LogFilters } from '../filters';

export const LOG_PAGE_SIZE = 10;

/** One page of logs (p from 1) for the filters. */
export function useLogs(filters: LogFilters, admin: boolean, page: number) {
  return useQuery({
    queryKey: ['logs', filters, admin, page],
    queryFn: ({ signal }) => logApi.list(filters, admin, page, LOG_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** Quota, RPM and TPM for the same filters. */
export function useLogStat(filters: LogFilters, admin: boolean) {
  return useQuery({ queryKey: ['log-stat', filters, admin], queryFn: ({ signal }) => logApi.stat(filters, admin, signal) });
}
