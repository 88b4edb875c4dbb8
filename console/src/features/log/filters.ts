import { ANY_LOG_TYPE, logTypeFilters } from '@tollgate/wire';
import { z } from 'zod/mini';
import { filterPage, filterSeconds, filterText, urlFilters } from '../../lib/url-filters';

/** The type filter's choices: any (0), then each `LogType`. */
export const LOG_TYPES = logTypeFilters;
const [, ...typeCodes] = logTypeFilters;

/** The log page's filters as kept in the URL. */
export const logFiltersSchema = z.object({
  type: z.catch(z.coerce.number().check(z.int(), z.minimum(ANY_LOG_TYPE), z.maximum(Math.max(...typeCodes))), ANY_LOG_TYPE),
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

export const emptyFilters: LogFilters = { type: ANY_LOG_TYPE, token_name: '', model_name: '', username: '', channel: '' };

/** No filter set: the page shows everything its reader may see. */
export const isUnfiltered = (filters: LogFilters): boolean =>
  filters.type === ANY_LOG_TYPE && !filters.token_name && !filters.model_name && !filters.username && !filters.channel &&
  filters.start_timestamp === undefined && filters.end_timestamp === undefined;

export const logSearch = urlFilters(logFiltersSchema, { type: ANY_LOG_TYPE });
