import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type TokenSearch, tokenApi } from '../api';

export const tokensQueryKey = ['tokens'] as const;

/** One page of the user's tokens (p from 1), or the search results when a name keyword or a key is set. */
export function useTokens(page: number, pageSize: number, search: TokenSearch) {
  const searching = search.keyword !== '' || search.key !== '';
  return useQuery({
    queryKey: [...tokensQueryKey, page, pageSize, search.keyword, search.key],
    queryFn: ({ signal }) => (searching ? tokenApi.search(search, signal) : tokenApi.list(page, pageSize, signal)),
    placeholderData: keepPreviousData,
  });
}
