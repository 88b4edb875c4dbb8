import { api, query } from '../../api/client';

/** A token as the server sends it; `key` has no `sk-` prefix. */
export interface Token {
  id: number;
  name: string;
  key: string;
  status: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  created_time: number;
  expired_time: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface NewToken {
  name: string;
  remain_quota: number;
  expired_time: number;
  unlimited_quota: boolean;
}

export const tokenApi = {
  list: (page: number, size: number) => api<Page<Token>>('GET', `/api/token/?${query({ p: page, size })}`),
  search: (keyword: string) => api<Page<Token>>('GET', `/api/token/search?${query({ keyword })}`),
  create: (token: NewToken) => api<Token>('POST', '/api/token/', { ...token, model_limits_enabled: false, model_limits: '', allow_ips: '', group: '' }),
  setStatus: (id: number, status: number) => api<Token>('PUT', '/api/token/?status_only=true', { id, status }),
  remove: (id: number) => api('DELETE', `/api/token/${id}/`),
};
