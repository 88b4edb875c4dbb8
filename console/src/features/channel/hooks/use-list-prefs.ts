import { useState } from 'react';
import { usePageSize } from '../../../lib/use-page-size';

const ID_SORT_KEY = 'id-sort';

/** The channel list's page size (shared `page-size`) and id sort, both remembered locally. */
export function useChannelListPrefs() {
  const [pageSize, setPageSize] = usePageSize();
  const [idSort, setIdSortState] = useState(() => localStorage.getItem(ID_SORT_KEY) === 'true');
  const setIdSort = (sort: boolean) => {
    localStorage.setItem(ID_SORT_KEY, String(sort));
    setIdSortState(sort);
  };
  return { pageSize, setPageSize, idSort, setIdSort };
}
