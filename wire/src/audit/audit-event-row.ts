import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt } from '../shared/numbers.js';
import { AUDIT_EVENT_VERSION, auditEventTypes } from './audit-event-types.js';

/** An admin or root write as GET /api/audit/ lists it: the stored event, in the API's snake_case. */
export const auditEventRowSchema = z.object({
  /** UUIDv7: time-sortable. */
  id: nonEmptyText(),
  type: z.enum(auditEventTypes),
  version: z.literal(AUDIT_EVENT_VERSION),
  /** Milliseconds since the epoch. */
  occurred_at: nonNegativeInt(),
  /** 0: the system itself (the command line, a scheduled run). */
  actor_id: nonNegativeInt(),
  actor_name: z.string(),
  /** The client address as the gateway resolved it, `local` for the command line, `scheduled` for a timer. */
  address: z.string(),
  target_kind: nonEmptyText(),
  target_id: z.string(),
  /** The target's state before and after (secrets masked or left out); null where there was none, `{ unreadable: message }` where it could not be read. */
  before: z.unknown(),
  after: z.unknown(),
  /** What the action was asked to do or found. */
  detail: z.unknown(),
});
export type AuditEventRow = z.infer<typeof auditEventRowSchema>;
