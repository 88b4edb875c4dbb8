import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface SelfUser {
  id: number;
  username: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  display_name?: string;
  aff_count?: number;
  aff_quota?: number;
  aff_history_quota?: number;
  email?: string;
  github_id?: string;
  wechat_id?: string;
  telegram_id?: string;
  linux_do_id?: string;
  oidc_id?: string;
}

export const selfQueryKey = ['user', 'self'] as const;

/** GET /api/user/self: the balance the live hook keeps current. */
export function useSelf() {
  return useQuery({ queryKey: selfQueryKey, queryFn: ({ signal }) => api<SelfUser>('GET', '/api/user/self', undefined, { signal }) });
}
