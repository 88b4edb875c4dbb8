import { useState } from 'react';
import { useStoredUser } from './stored-user';

/** A table's remembered view: the columns hidden and the sort. */
export interface TablePrefs {
  hidden: string[];
  sort: { column: string; descending: boolean } | null;
}

const NONE: TablePrefs = { hidden: [], sort: null };

/** One key per table and signed-in user, so people sharing a browser keep their own views. */
export const tablePrefsKey = (tableId: string, userId: number | undefined) => `table-prefs:${tableId}:${userId ?? 'visitor'}`;

function read(key: string): TablePrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<TablePrefs> | null;
    return { hidden: Array.isArray(stored?.hidden) ? stored.hidden.filter((id) => typeof id === 'string') : [], sort: stored?.sort ?? null };
  } catch {
    return NONE;
  }
}

/** The column choice and sort of one table, kept per signed-in user in local storage. */
export function useTablePrefs(tableId: string) {
  const key = tablePrefsKey(tableId, useStoredUser()?.id);
  const [prefs, setPrefs] = useState(() => read(key));
  // Another user signed in: their prefs, read while rendering rather than one stale render later.
  const [prefsKey, setPrefsKey] = useState(key);
  if (prefsKey !== key) {
    setPrefsKey(key);
    setPrefs(read(key));
  }
  const save = (next: TablePrefs) => {
    localStorage.setItem(key, JSON.stringify(next));
    setPrefs(next);
  };
  return {
    prefs,
    toggleColumn: (column: string) => save({ ...prefs, hidden: prefs.hidden.includes(column) ? prefs.hidden.filter((id) => id !== column) : [...prefs.hidden, column] }),
    /** A first click sorts ascending, a second descending, on another column ascending again. */
    sortBy: (column: string) => save({ ...prefs, sort: { column, descending: prefs.sort?.column === column ? !prefs.sort.descending : false } }),
  };
}
