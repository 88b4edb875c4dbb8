import { useState } from 'react';
import { usePageSize } from '../../../lib/use-page-size';

const ID_SORT_KEY = 'id-sort';
/** new-api's console keeps the same key for its tag mode switch. */
const TAG_MODE_KEY = 'enable-tag-mode';

/** The channel list's page size (shared `page-size`), id sort and tag mode, all remembered locally. */
export function useChannelListPrefs() {
  const [pageSize, setPageSize] = usePageSize();
  const [idSort, setIdSortState] = useState(() => localStorage.getItem(ID_SORT_KEY) === 'true');
  const setIdSort = (sort: boolean) => {
    localStorage.setItem(ID_SORT_KEY, String(sort));
    setIdSortState(sort);
  };
  const [tagMode, setTagModeState] = useState(() => localStorage.getItem(TAG_MODE_KEY) === 'true');
  const setTagMode = (on: boolean) => {
    localStorage.setItem(TAG_MODE_KEY, String(on));
    setTagModeState(on);
  };
  return { pageSize, setPageSize, idSort, setIdSort, tagMode, setTagMode };
}
