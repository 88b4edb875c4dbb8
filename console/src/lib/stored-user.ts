import { Role } from '@tollgate/wire';
import { useMemo, useSyncExternalStore } from 'react';

/** The signed-in user as the console keeps it in localStorage `user` (spec: local storage keys). */
export interface StoredUser {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status?: number;
  group?: string;
}

export const ADMIN_ROLE = Role.Admin;
export const ROOT_ROLE = Role.Root;
const KEY = 'user';

const listeners = new Set<() => void>();

export function storedUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

/** Stores (or, with null, forgets) the user and tells every `useStoredUser` about it. */
export function storeUser(user: StoredUser | null): void {
  if (user) localStorage.setItem(KEY, JSON.stringify(user));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored user as React state: re-renders on login, logout and changes from other tabs. */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(KEY));
  return useMemo(() => (raw ? storedUser() : null), [raw]);
}

export const isAdmin = (user: StoredUser | null): boolean => (user?.role ?? 0) >= ADMIN_ROLE;
export const isRoot = (user: StoredUser | null): boolean => (user?.role ?? 0) >= ROOT_ROLE;
