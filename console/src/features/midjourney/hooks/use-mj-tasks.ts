import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mjApi, type TaskFilters } from '../api';

export const TASK_PAGE_SIZE = 10;
export const MJ_QUERY_KEY = 'mj-tasks';

/** One page of drawings (p from 1) for the filters. */
export function useMjTasks(filters: TaskFilters, admin: boolean, page: number) {
  return useQuery({ queryKey: [MJ_QUERY_KEY, filters, admin, page], queryFn: ({ signal }) => mjApi.list(filters, admin, page, TASK_PAGE_SIZE, signal), placeholderData: keepPreviousData });
}
