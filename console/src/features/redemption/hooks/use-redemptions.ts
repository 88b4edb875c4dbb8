import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useListAction } from '../../../lib/use-list-action';
import { redemptionApi } from '../api';

export const REDEMPTION_PAGE_SIZE = 10;
export const redemptionsQueryKey = ['redemptions'] as const;

/** One page of codes (p from 1), or the search results (by id or name) when a keyword is set. */
export function useRedemptions(page: number, keyword: string) {
  return useQuery({
    queryKey: [...redemptionsQueryKey, page, keyword],
    queryFn: ({ signal }) => (keyword ? redemptionApi.search(keyword, signal) : redemptionApi.list(page, REDEMPTION_PAGE_SIZE, signal)),
    placeholderData: keepPreviousData,
  });
}

/** Row actions of the code list. */
export function useRedemptionActions() {
  const run = useListAction(redemptionsQueryKey);
  return {
    setStatus: (id: number, status: number) => run(() => redemptionApi.setStatus(id, status), 'redemption.updated'),
    remove: (id: number) => run(() => redemptionApi.remove(id), 'token.deleted'),
  };
}
