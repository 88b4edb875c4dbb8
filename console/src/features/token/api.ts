import type { TokenRow } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

/** A token as the server sends it (the columns the pages read); `key` has no `sk-` prefix. */
export type Token = Pick<TokenRow, 'id' | 'name' | 'key' | 'status' | 'remain_quota' | 'used_quota' | 'unlimited_quota' | 'created_time' | 'expired_time'> &
  Partial<Pick<TokenRow, 'group' | 'model_limits_enabled'>>;

/** The fields the create form sets; the rest of the POST body is the spec's defaults. */
export type NewToken = Pick<TokenRow, 'name' | 'remain_quota' | 'expired_time' | 'unlimited_quota' | 'group'>;

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
  create: (token: NewToken) => api<Token>('POST', '/api/token/', { model_limits_enabled: false, model_limits: '', allow_ips: '', ...token }),
  /** Changes only the fields the edit form shows; the server keeps the rest. */
  update: (id: number, token: NewToken) => api<Token>('PUT', '/api/token/', { id, ...token }),
  setStatus: (id: number, status: number) => api<Token>('PUT', '/api/token/?status_only=true', { id, status }),
  remove: (id: number) => api('DELETE', `/api/token/${id}/`),
  /** The whole key of one token, with `sk-`: lists may show it masked, as new-api's do. */
  revealKey: async (id: number) => `sk-${(await api<{ key: string }>('POST', `/api/token/${id}/key`)).key}`,
};
