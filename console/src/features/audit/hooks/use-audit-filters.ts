import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AuditFilters, auditSearchParams, parseAuditSearch } from '../filters';

/** The audit filters and page, kept in the URL search params (parsed with the zod schema). */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => parseAuditSearch(params), [params]);
  const { p: page, ...filters } = search;
  const setFilters = useCallback((next: AuditFilters) => setParams(auditSearchParams({ ...next, p: 1 })), [setParams]);
  const setPage = useCallback((p: number) => setParams(auditSearchParams({ ...search, p })), [setParams, search]);
  return { filters, page, setFilters, setPage };
}
