import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

/** A drawing task as /api/mj lists it (spec: Midjourney task). Times in milliseconds. */
export interface MjTask {
  id: number;
  submit_time: number;
  finish_time: number;
  channel_id: number;
  action: string;
  mj_id: string;
  code: number;
  status: string;
  progress: string;
  image_url: string;
  prompt: string;
  prompt_en: string;
  fail_reason: string;
}

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
