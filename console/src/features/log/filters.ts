import { z } from 'zod/mini';

/** Log types of the spec: 0 all, 1 top-up, 2 consume, 3 admin, 4 system. */
export const LOG_TYPES = [0, 1, 2, 3, 4] as const;

const optionalSeconds = z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined);
const text = z.catch(z.pipe(z.string(), z.transform((value) => value.trim())), '');

/** The log page's filters as kept in the URL, so a filtered view is a shareable link. */
export const logFiltersSchema = z.object({
  type: z.catch(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(4)), 0),
  token_name: text,
  model_name: text,
  start_timestamp: optionalSeconds,
  end_timestamp: optionalSeconds,
  username: text,
  channel: text,
  p: z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1),
});

export type LogSearch = z.infer<typeof logFiltersSchema>;
export type LogFilters = Omit<LogSearch, 'p'>;

export const emptyFilters: LogFilters = { type: 0, token_name: '', model_name: '', username: '', channel: '' };

/** No filter set: the page shows everything its reader may see. */
export const isUnfiltered = (filters: LogFilters): boolean =>
  filters.type === 0 && !filters.token_name && !filters.model_name && !filters.username && !filters.channel &&
  filters.start_timestamp === undefined && filters.end_timestamp === undefined;

/** URL search params -> filters and page; anything malformed falls back to its default. */
export function parseLogSearch(params: URLSearchParams): LogSearch {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value !== '') raw[key] = value;
  return logFiltersSchema.parse(raw);
}

/** Filters and page -> URL search params, leaving defaults out. */
export function logSearchParams(search: LogSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || (key === 'type' && value === 0) || (key === 'p' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}
