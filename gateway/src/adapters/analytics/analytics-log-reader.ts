import { type AnalyticsQuerier, deleteLogsBefore, listLogs, logStats, searchLogs } from '@tollgate/analytics';
import type { LogReader } from '../../ports/log-reader.js';

/** The gateway's view of the logs, answered by the analytics queries (chdb or a ClickHouse server). */
export function createAnalyticsLogReader(querier: AnalyticsQuerier): LogReader {
  const list = listLogs(querier);
  const stat = logStats(querier);
  const deleteBefore = deleteLogsBefore(querier);
  const search = searchLogs(querier);
  return {
    list: (filter, page) => list({ ...filter, ...page }),
    stat: (filter) => stat(filter),
    deleteBefore: (timestampSeconds) => deleteBefore(timestampSeconds),
    search: (query) => search(query),
  };
}
