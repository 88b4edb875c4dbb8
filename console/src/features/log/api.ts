import { api, query } from '../../api/client';
import type { Page } from '../token/api';

/** A log row as the server sends it (spec: log entry). */
export interface LogEntry {
  id: string;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel?: number;
  other: string;
}

/** The filters of the log page; admins also filter by username and channel. */
export interface LogFilters {
  type: number;
  token_name: string;
  model_name: string;
  start_timestamp?: number;
  end_timestamp?: number;
  username: string;
  channel: string;
}

export const emptyFilters: LogFilters = { type: 0, token_name: '', model_name: '', username: '', channel: '' };

function filterQuery(filters: LogFilters, admin: boolean) {
  const { username, channel, ...common } = filters;
  return admin ? { ...common, username, channel } : common;
}

export const logApi = {
  list: (filters: LogFilters, admin: boolean, page: number, pageSize: number) =>
    api<Page<LogEntry>>('GET', `/api/log/${admin ? '' : 'self/'}?${query({ p: page, page_size: pageSize, ...filterQuery(filters, admin) })}`),
  stat: (filters: LogFilters, admin: boolean) =>
    api<{ quota: number; rpm: number; tpm: number }>('GET', `/api/log/${admin ? 'stat' : 'self/stat'}?${query(filterQuery(filters, admin))}`),
};
