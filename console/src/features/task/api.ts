import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';
import type { TaskFilters } from '../midjourney/api';

/** An asynchronous task as /api/task lists it (spec: async task). Times in seconds. */
export interface AsyncTask {
  id: number;
  submit_time: number;
  finish_time: number;
  progress: string;
  channel_id: number;
  platform: string;
  action: string;
  task_id: string;
  status: string;
  fail_reason: string;
  data?: unknown;
}

export const taskApi = {
  list: async (filters: TaskFilters, admin: boolean, page: number, pageSize: number, signal?: AbortSignal) => {
    const { channel_id, ...rest } = filters;
    const path = `/api/task/${admin ? '' : 'self'}?${query({ p: page, page_size: pageSize, ...(admin ? { channel_id } : {}), ...rest })}`;
    return toPage(await api<Page<AsyncTask> | AsyncTask[]>('GET', path, undefined, { signal }), page, pageSize);
  },
};
