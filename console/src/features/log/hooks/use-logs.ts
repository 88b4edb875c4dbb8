import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type LogFilters, logApi } from './api';

export const LOG_PAGE_SIZE = 10;

/** One page of logs (p from 1) for the filters. */
export function useLogs(filters: LogFilters, admin: boolean, page: number) {
  return useQuery({ queryKey: ['logs', filters, admin, page], queryFn: () => logApi.list(filters, admin, page, LOG_PAGE_SIZE), placeholderData: keepPreviousData });
}

/** Quota, RPM and TPM for the same filters. */
export function useLogStat(filters: LogFilters, admin: boolean) {
  return useQuery({ queryKey: ['log-stat', filters, admin], queryFn: () => logApi.stat(filters, admin) });
}
