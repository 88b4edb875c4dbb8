import { useState } from 'react';

/** The spec's page size choices; the choice is remembered in local storage `page-size` (spec: local storage keys). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const PAGE_SIZE_KEY = 'page-size';

function storedPageSize(): number {
  const size = Number(localStorage.getItem(PAGE_SIZE_KEY));
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0];
}

/** The list page size, shared by the lists that offer the choice. */
export function usePageSize(): [number, (size: number) => void] {
  const [pageSize, setState] = useState(storedPageSize);
  const setPageSize = (size: number) => {
    localStorage.setItem(PAGE_SIZE_KEY, String(size));
    setState(size);
  };
  return [pageSize, setPageSize];
}
