import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tokenApi } from '../api';

export const TOKEN_PAGE_SIZE = 10;
export const tokensQueryKey = ['tokens'] as const;

/** One page of the user's tokens (p from 0), or the search results when a keyword is set. */
export function useTokens(page: number, keyword: string) {
  return useQuery({
    queryKey: [...tokensQueryKey, page, keyword],
    queryFn: ({ signal }) => (keyword ? tokenApi.search(keyword, signal) : tokenApi.list(page, TOKEN_PAGE_SIZE, signal)),
    placeholderData: keepPreviousData,
  });
}
