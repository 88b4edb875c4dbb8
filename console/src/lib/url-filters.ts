import { dict } from '@tollgate/wire';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';

/** A text filter: trimmed, empty when absent or malformed. */
export const filterText = z.catch(z.pipe(z.string(), z.transform((value) => value.trim())), '');
/** A time filter in Unix seconds, absent when missing or malformed. */
export const filterSeconds = z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined);
/** The page, from 1. */
export const filterPage = z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1);

type Search = { p: number } & Record<string, unknown>;

/**
 * A list page's filters and page kept in the URL search params, so a filtered view is a shareable
 * link. The schema parses them (anything malformed falls back to its default); values equal to a
 * default are left out of the URL.
 */
export function urlFilters<S extends Search>(schema: z.ZodMiniType<S>, defaults: Partial<S> = {}) {
  const parse = (params: URLSearchParams): S => {
    const raw: Record<string, string> = dict();
    for (const [key, value] of params) if (value !== '') raw[key] = value;
    return schema.parse(raw);
  };
  const toParams = (search: S): URLSearchParams => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(search)) {
      if (value === undefined || value === '' || (key === 'p' && value === 1) || value === defaults[key]) continue;
      params.set(key, String(value));
    }
    return params;
  };
  /** The filters and page from the URL, and setters that write them back (a new filter goes to page 1). */
  function useFilters() {
    const [params, setParams] = useSearchParams();
    const search = useMemo(() => parse(params), [params]);
    const { p: page, ...filters } = search;
    const setFilters = useCallback((next: Omit<S, 'p'>) => setParams(toParams({ ...next, p: 1 } as S)), [setParams]);
    const setPage = useCallback((p: number) => setParams(toParams({ ...search, p })), [setParams, search]);
    return { filters: filters as Omit<S, 'p'>, page, setFilters, setPage };
  }
  return { parse, toParams, useFilters };
}
