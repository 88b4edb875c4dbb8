import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskFilters } from '../../midjourney/api';
import { TASK_PAGE_SIZE } from '../../midjourney/hooks/use-mj-tasks';
import { taskApi } from '../api';

export const TASK_QUERY_KEY = 'async-tasks';

/** One page of asynchronous tasks (p from 1) for the filters. */
export function useAsyncTasks(filters: TaskFilters, admin: boolean, page: number) {
  return useQuery({ queryKey: [TASK_QUERY_KEY, filters, admin, page], queryFn: ({ signal }) => taskApi.list(filters, admin, page, TASK_PAGE_SIZE, signal), placeholderData: keepPreviousData });
}
