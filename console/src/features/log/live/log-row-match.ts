import { ANY_LOG_TYPE } from '@tollgate/wire';
import type { LogEntry } from '../api';
import type { LogFilters } from '../filters';

/** The server's model filter is a LIKE pattern (`%` any run, `_` one character, `\\` escapes, case aside), so the live rows' is too. */
export function likeMatches(pattern: string, value: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] ?? '');
    else source += char === '%' ? '[\\s\\S]*' : char === '_' ? '[\\s\\S]' : escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 'i').test(value);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a pushed row belongs on a page showing `filters` (the server's filters, applied here). */
export function matchesFilters(row: LogEntry, filters: LogFilters, admin: boolean): boolean {
  if (filters.type !== ANY_LOG_TYPE && row.type !== filters.type) return false;
  if (filters.token_name && row.token_name !== filters.token_name) return false;
  if (filters.model_name && !likeMatches(filters.model_name, row.model_name)) return false;
  if (filters.start_timestamp !== undefined && row.created_at < filters.start_timestamp) return false;
  if (filters.end_timestamp !== undefined && row.created_at > filters.end_timestamp) return false;
  if (admin && filters.username && row.username !== filters.username) return false;
  if (admin && filters.channel && String(row.channel ?? '') !== filters.channel) return false;
  return true;
}
