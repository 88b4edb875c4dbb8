import type { ShownLogEntry } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';
import type { AdminUser } from '../user/api';
import type { LogFilters } from './filters';

/** A log row as the server sends it, listed or pushed (spec: log entry). */
export type LogEntry = ShownLogEntry;

export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/** The query of a filter set: admins also send username and channel, users never do. */
function filterQuery(filters: LogFilters, admin: boolean) {
  const { username, channel, ...common } = filters;
  return admin ? { ...common, username, channel } : common;
}

export const logApi = {
  list: async (filters: LogFilters, admin: boolean, page: number, pageSize: number, signal?: AbortSignal) => {
    const path = `/api/log/${admin ? '' : 'self/'}?${query({ p: page, page_size: pageSize, ...filterQuery(filters, admin) })}`;
    return toPage(await api<Page<LogEntry> | LogEntry[]>('GET', path, undefined, { signal }), page, pageSize);
  },
  /** The account behind a username, for the administrators' user info dialog (null when it is gone). */
  userByName: async (username: string, signal?: AbortSignal) => {
    const found = await api<Page<AdminUser> | AdminUser[]>('GET', `/api/user/search?${query({ keyword: username })}`, undefined, { signal });
    return toPage(found).items.find((user) => user.username === username) ?? null;
  },
  stat: (filters: LogFilters, admin: boolean, signal?: AbortSignal) =>
    api<LogStat>('GET', `/api/log/${admin ? 'stat' : 'self/stat'}?${query(filterQuery(filters, admin))}`, undefined, { signal }),
};
