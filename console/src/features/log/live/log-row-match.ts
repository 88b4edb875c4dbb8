import type { LogEntry } from '../api';
import type { LogFilters } from '../filters';

/** Whether a pushed row belongs on a page showing `filters` (the server's filters, applied here). */
export function matchesFilters(row: LogEntry, filters: LogFilters, admin: boolean): boolean {
  if (filters.type !== 0 && row.type !== filters.type) return false;
  if (filters.token_name && row.token_name !== filters.token_name) return false;
  if (filters.model_name && row.model_name !== filters.model_name) return false;
  if (filters.start_timestamp !== undefined && row.created_at < filters.start_timestamp) return false;
  if (filters.end_timestamp !== undefined && row.created_at > filters.end_timestamp) return false;
  if (admin && filters.username && row.username !== filters.username) return false;
  if (admin && filters.channel && String(row.channel ?? '') !== filters.channel) return false;
  return true;
}
