import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DetailFilters, detailApi } from '../api';

/** The dashboard's rows for the filters: everyone's for admins, the user's own otherwise. */
export function useQuotaData(filters: DetailFilters, admin: boolean) {
  return useQuery({
    queryKey: ['quota-data', filters, admin],
    queryFn: ({ signal }) => detailApi.quotaData(filters, admin, signal),
    placeholderData: keepPreviousData,
  });
}
