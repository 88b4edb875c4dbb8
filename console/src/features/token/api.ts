import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

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
  group?: string;
  model_limits_enabled?: boolean;
}

/** The fields the create form sets; the rest of the POST body is the spec's defaults. */
export interface NewToken {
  name: string;
  remain_quota: number;
  expired_time: number;
  unlimited_quota: boolean;
}

type TokenList = Page<Token> | Token[];

export interface TokenSearch {
  keyword: string;
  key: string;
}

export const tokenApi = {
  list: async (page: number, size: number, signal?: AbortSignal) =>
    toPage(await api<TokenList>('GET', `/api/token/?${query({ p: page, size })}`, undefined, { signal }), page, size),
  /** By name keyword and by key (with or without `sk-`); either may be empty. */
  search: async ({ keyword, key }: TokenSearch, signal?: AbortSignal) =>
    toPage(await api<TokenList>('GET', `/api/token/search?${query({ keyword, token: key })}`, undefined, { signal })),
  create: (token: NewToken) => api<Token>('POST', '/api/token/', { ...token, model_limits_enabled: false, model_limits: '', allow_ips: '', group: '' }),
  /** Changes only the fields the edit form shows; the server keeps the rest. */
  update: (id: number, token: NewToken) => api<Token>('PUT', '/api/token/', { id, ...token }),
  setStatus: (id: number, status: number) => api<Token>('PUT', '/api/token/?status_only=true', { id, status }),
  remove: (id: number) => api('DELETE', `/api/token/${id}/`),
  /** The whole key of one token, with `sk-`: lists may show it masked, as new-api's do. */
  revealKey: async (id: number) => `sk-${(await api<{ key: string }>('POST', `/api/token/${id}/key`)).key}`,
};
