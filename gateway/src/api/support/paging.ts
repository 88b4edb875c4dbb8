/** A page of a list, as new-api answers lists: `{ items, total, page, page_size }`. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The last page whose offset is still an exact integer; later pages are as empty as it is. */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PAGE_SIZE);

export function clampPageSize(size: number | undefined): number {
  if (!size || size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

/** Pages numbered from 1, as new-api counts every list; p < 1 (or none) reads as the first page. */
export function pageFromOne(p: number | undefined, size: number | undefined) {
  const page = !p || p < 1 ? 1 : Math.min(p, MAX_PAGE);
  const pageSize = clampPageSize(size);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, page_size: pageSize };
}
