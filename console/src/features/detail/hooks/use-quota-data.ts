import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DetailFilters, detailApi } from '../api';

const MINUTE_MS = 60_000;

/**
 * The dashboard's rows for the filters: everyone's for admins, the user's own otherwise. An open
 * dashboard asks again every DataExportInterval minutes (none when unset), so what it shows is
 * never older than the operator allows.
 */
export function useQuotaData(filters: DetailFilters, admin: boolean, refreshMinutes?: number) {
  return useQuery({
    queryKey: ['quota-data', filters, admin],
    queryFn: ({ signal }) => detailApi.quotaData(filters, admin, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMinutes && refreshMinutes > 0 ? refreshMinutes * MINUTE_MS : false,
  });
}
