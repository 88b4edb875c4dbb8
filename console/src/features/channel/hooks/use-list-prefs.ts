import { useState } from 'react';

/** Page size choices of the spec; the choice and the id sort are remembered locally. */
export const CHANNEL_PAGE_SIZES = [10, 20, 50, 100] as const;
const PAGE_SIZE_KEY = 'channel-page-size';
const ID_SORT_KEY = 'id-sort';

function storedPageSize(): number {
  const size = Number(localStorage.getItem(PAGE_SIZE_KEY));
  return (CHANNEL_PAGE_SIZES as readonly number[]).includes(size) ? size : CHANNEL_PAGE_SIZES[0];
}

export function useChannelListPrefs() {
  const [pageSize, setPageSizeState] = useState(storedPageSize);
  const [idSort, setIdSortState] = useState(() => localStorage.getItem(ID_SORT_KEY) === 'true');
  const setPageSize = (size: number) => {
    localStorage.setItem(PAGE_SIZE_KEY, String(size));
    setPageSizeState(size);
  };
  const setIdSort = (sort: boolean) => {
    localStorage.setItem(ID_SORT_KEY, String(sort));
    setIdSortState(sort);
  };
  return { pageSize, setPageSize, idSort, setIdSort };
}
