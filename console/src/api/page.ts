/** One page of a list, as `/api/token/`, `/api/log/` and the other lists answer. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Accepts the paged shape or, for older servers, a plain array of the rows. */
export function toPage<T>(data: Page<T> | T[] | null | undefined, page = 1, pageSize = 10): Page<T> {
  if (Array.isArray(data)) return { items: data, total: data.length, page, page_size: pageSize };
  if (!data) return { items: [], total: 0, page, page_size: pageSize };
  return { ...data, items: data.items ?? [] };
}

/** The last page (counted from 1) of `total` rows; an empty list still has page 1. */
export function lastPageOf(total: number | undefined, pageSize: number): number {
  return Math.max(1, Math.ceil((total ?? 0) / pageSize));
}
