import type { AuditEvent } from './audit-event.js';

/** Which events a listing or an export returns; every field narrows, none given lists all. */
export interface AuditQuery {
  /** A user id (digits) or a username, exact. */
  actor?: string;
  /** An event type, e.g. `UserUpdated`. */
  type?: string;
  /** The target's kind (`user`, `channel`, `option`, ...). */
  targetKind?: string;
  /** The target's id, exact (a user or channel id, an option key). */
  targetId?: string;
  /** Milliseconds since the epoch, inclusive. */
  from?: number;
  /** Milliseconds since the epoch, exclusive. */
  to?: number;
}

/**
 * The audit trail: every admin and root write as an event, newest first. Append-only; an event
 * appended twice (same id) is stored once.
 */
export interface AuditTrail {
  append(event: AuditEvent): Promise<void>;
  /** One page, newest first, with the number of matching events. */
  page(query: AuditQuery, offset: number, limit: number): Promise<{ items: AuditEvent[]; total: number }>;
  /** Every matching event, newest first, `pageSize` at a time (keyset pages: an export never holds more). */
  pages(query: AuditQuery, pageSize: number): AsyncIterable<AuditEvent[]>;
}
