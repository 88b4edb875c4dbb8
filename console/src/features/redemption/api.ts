import type { RedemptionRow } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

/** A redemption code as the server sends it (spec: redemption), the columns the page reads. */
export type Redemption = Pick<RedemptionRow, 'id' | 'name' | 'key' | 'status' | 'quota' | 'created_time' | 'redeemed_time' | 'used_user_id' | 'expired_time'>;

/** `expired_time`: epoch seconds, 0 for never. */
export type RedemptionFields = Pick<RedemptionRow, 'name' | 'quota' | 'expired_time'>;

export const redemptionApi = {
  list: async (page: number, size: number, signal?: AbortSignal) =>
    toPage(await api<Page<Redemption>>('GET', `/api/redemption/?${query({ p: page, page_size: size })}`, undefined, { signal }), page, size),
  search: async (keyword: string, signal?: AbortSignal) =>
    toPage(await api<Page<Redemption>>('GET', `/api/redemption/search?${query({ keyword })}`, undefined, { signal })),
  /** The new codes. */
  create: (fields: RedemptionFields & { count: number }) => api<string[]>('POST', '/api/redemption/', fields),
  update: (id: number, fields: RedemptionFields) => api<Redemption>('PUT', '/api/redemption/', { id, ...fields }),
  setStatus: (id: number, status: number) => api<Redemption>('PUT', '/api/redemption/?status_only=true', { id, status }),
  remove: (id: number) => api('DELETE', `/api/redemption/${id}/`),
};
