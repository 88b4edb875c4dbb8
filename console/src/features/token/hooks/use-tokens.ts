import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tokenApi } from './api';

export const TOKEN_PAGE_SIZE = 10;

/** One page of the user's tokens (p from 0), or the search results when a keyword is set. */
export function useTokens(page: number, keyword: string) {
  return useQuery({
    queryKey: ['tokens', page, keyword],
    queryFn: () => (keyword ? tokenApi.search(keyword) : tokenApi.list(page, TOKEN_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}
