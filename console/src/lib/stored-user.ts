/** The signed-in user as the console keeps it in localStorage `user` (spec: local storage keys). */
export interface StoredUser {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status?: number;
  group?: string;
}

export const ADMIN_ROLE = 10;

export function storedUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: StoredUser | null): void {
  if (user) localStorage.setItem('user', JSON.stringify(user));
  else localStorage.removeItem('user');
}

export const isAdmin = (user: StoredUser | null): boolean => (user?.role ?? 0) >= ADMIN_ROLE;
