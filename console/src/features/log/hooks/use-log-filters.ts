import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type LogFilters, logSearchParams, parseLogSearch } from '../filters';

/** The log filters and page, kept in the URL search params (parsed with the zod schema). */
export function useLogFilters() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseLogSearch(params), [params]);
  const { p: page, ...filters } = search;
  const setFilters = useCallback((next: LogFilters) => setParams(logSearchParams({ ...next, p: 1 })), [setParams]);
  const setPage = useCallback((p: number) => setParams(logSearchParams({ ...search, p })), [setParams, search]);
  return { filters, page, setFilters, setPage };
}
