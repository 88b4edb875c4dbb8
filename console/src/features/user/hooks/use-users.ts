import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useListAction } from '../../../lib/use-list-action';
import { type ManageAction, userApi } from '../api';

export const USER_PAGE_SIZE = 10;
export const usersQueryKey = ['admin-users'] as const;

/** One page of users (p from 1), or the search results when a keyword or group is set. */
export function useUsers(page: number, keyword: string, group: string) {
  return useQuery({
    queryKey: [...usersQueryKey, page, keyword, group],
    queryFn: ({ signal }) => (keyword || group ? userApi.search(keyword, group, signal) : userApi.list(page, USER_PAGE_SIZE, signal)),
    placeholderData: keepPreviousData,
  });
}

/** One user, for the editor page. */
export function useAdminUser(id: number) {
  return useQuery({ queryKey: [...usersQueryKey, 'one', id], queryFn: ({ signal }) => userApi.get(id, signal), enabled: Number.isInteger(id) && id > 0 });
}

export function useGroups() {
  return useQuery({ queryKey: ['groups'], queryFn: ({ signal }) => userApi.groups(signal), staleTime: 60_000 });
}

/** promote, demote, disable, enable, delete; the list is refetched so the row shows the returned status and role. */
export function useManageUser() {
  const run = useListAction(usersQueryKey);
  return (id: number, action: ManageAction) => run(() => userApi.manage(id, action), 'token.deleted');
}
