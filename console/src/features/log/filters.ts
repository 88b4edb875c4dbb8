import { z } from 'zod/mini';
import { filterPage, filterSeconds, filterText, urlFilters } from '../../lib/url-filters';

/** Log types of the spec: 0 all, 1 top-up, 2 consume, 3 admin, 4 system. */
export const LOG_TYPES = [0, 1, 2, 3, 4] as const;

/** The log page's filters as kept in the URL. */
export const logFiltersSchema = z.object({
  type: z.catch(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(4)), 0),
  token_name: filterText,
  model_name: filterText,
  start_timestamp: filterSeconds,
  end_timestamp: filterSeconds,
  username: filterText,
  channel: filterText,
  p: filterPage,
});

export type LogSearch = z.infer<typeof logFiltersSchema>;
export type LogFilters = Omit<LogSearch, 'p'>;

export const emptyFilters: LogFilters = { type: 0, token_name: '', model_name: '', username: '', channel: '' };

/** No filter set: the page shows everything its reader may see. */
export const isUnfiltered = (filters: LogFilters): boolean =>
  filters.type === 0 && !filters.token_name && !filters.model_name && !filters.username && !filters.channel &&
  filters.start_timestamp === undefined && filters.end_timestamp === undefined;

export const logSearch = urlFilters(logFiltersSchema, { type: 0 });
