import type { MjTaskRow } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

/** A drawing task as /api/mj lists it (spec: Midjourney task), the columns the page reads. Times in milliseconds. */
export type MjTask = Pick<MjTaskRow, 'id' | 'submit_time' | 'finish_time' | 'channel_id' | 'action' | 'mj_id' | 'code' | 'status' | 'progress' | 'image_url' | 'prompt' | 'prompt_en' | 'fail_reason'>;

export interface TaskFilters {
  channel_id?: number;
  task_id?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

export const mjApi = {
  list: async (filters: TaskFilters, admin: boolean, page: number, pageSize: number, signal?: AbortSignal) => {
    const { task_id, channel_id, ...range } = filters;
    const path = `/api/mj/${admin ? '' : 'self/'}?${query({ p: page, page_size: pageSize, mj_id: task_id, ...(admin ? { channel_id } : {}), ...range })}`;
    return toPage(await api<Page<MjTask> | MjTask[]>('GET', path, undefined, { signal }), page, pageSize);
  },
};
