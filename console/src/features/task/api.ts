import type { AsyncTaskRow } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';
import type { TaskFilters } from '../midjourney/api';

/** An asynchronous task as /api/task lists it (spec: async task), the columns the page reads. Times in seconds. */
export type AsyncTask = Pick<AsyncTaskRow, 'id' | 'submit_time' | 'finish_time' | 'progress' | 'channel_id' | 'platform' | 'action' | 'task_id' | 'status' | 'fail_reason'> &
  Partial<Pick<AsyncTaskRow, 'data' | 'result_url'>>;

export const taskApi = {
  list: async (filters: TaskFilters, admin: boolean, page: number, pageSize: number, signal?: AbortSignal) => {
    const { channel_id, ...rest } = filters;
    const path = `/api/task/${admin ? '' : 'self'}?${query({ p: page, page_size: pageSize, ...(admin ? { channel_id } : {}), ...rest })}`;
    return toPage(await api<Page<AsyncTask> | AsyncTask[]>('GET', path, undefined, { signal }), page, pageSize);
  },
};
