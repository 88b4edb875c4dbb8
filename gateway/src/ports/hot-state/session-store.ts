/** A signed-in console: whose it is and until when (ms since the epoch). */
export interface Session {
  userId: number;
  expiresAt: number;
}

/**
 * Console sessions kept on the server, so that signing out, a password change or an administrator
 * can end them before the cookie expires. Keys are the SHA-256 of the cookie's random secret:
 * whoever reads the store cannot sign in with what they read.
 * Embedded: a table in the documents' SQLite file. Cluster: Redis, shared by every gateway.
 */
export interface SessionStore {
  /** Keeps a new session under `key` until its `expiresAt`. */
  start(key: string, session: Session): Promise<void>;
  /** The session under `key`, or null when it ended, expired or never was. */
  find(key: string): Promise<Session | null>;
  /** Ends one session; ending one that is gone is no error. */
  end(key: string): Promise<void>;
  /** Ends every session of the user except `keep` (the caller's own, say); answers how many ended. */
  endAllOf(userId: number, keep?: string): Promise<number>;
}
