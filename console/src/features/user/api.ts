import type { UserRow } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

/** A user as administrators see it (spec: user): the columns the pages read. */
export type AdminUser = Pick<UserRow, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'email' | 'group' | 'quota' | 'used_quota' | 'request_count' | 'DeletedAt' | 'remark'>;

export type ManageAction = 'promote' | 'demote' | 'disable' | 'enable' | 'delete';

export interface UserEdit {
  id: number;
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number;
  /** The administrators' note on the user. */
  remark: string;
}

export const userApi = {
  list: async (page: number, size: number, signal?: AbortSignal) =>
    toPage(await api<Page<AdminUser>>('GET', `/api/user/?${query({ p: page, page_size: size })}`, undefined, { signal }), page, size),
  search: async (keyword: string, group: string, signal?: AbortSignal) =>
    toPage(await api<Page<AdminUser>>('GET', `/api/user/search?${query({ keyword, group })}`, undefined, { signal })),
  get: (id: number, signal?: AbortSignal) => api<AdminUser>('GET', `/api/user/${id}`, undefined, { signal }),
  groups: (signal?: AbortSignal) => api<string[]>('GET', '/api/group/', undefined, { signal }),
  create: (user: { username: string; display_name: string; password: string }) => api('POST', '/api/user/', user),
  update: (user: UserEdit) => api('PUT', '/api/user/', user),
  /** Root only: signs the user out everywhere; answers how many sessions ended. */
  endSessions: (id: number) => api<number>('DELETE', `/api/user/${id}/sessions`),
  manage: (id: number, action: ManageAction) => api<{ status: number; role: number }>('POST', '/api/user/manage', { id, action }),
};
