import { newId } from '@tollgate/ledger';
import { AUDIT_EVENT_VERSION, auditEventTypes } from '@tollgate/wire';
import { z } from 'zod';

// The types and the version are wire's: the console filters and shows them (GET /api/audit/).
export { AUDIT_EVENT_VERSION, auditEventTypes, type AuditEventType } from '@tollgate/wire';

const json = z.unknown();

export const auditEventSchema = z.object({
  type: z.enum(auditEventTypes),
  version: z.literal(AUDIT_EVENT_VERSION),
  /** UUIDv7, made by the producer: time-sortable, and a retried append stores once. */
  eventId: z.string().min(1),
  /** Milliseconds since the epoch, by the producer's clock. */
  occurredAt: z.number().int().nonnegative(),
  /** Who acted: a user, or the system itself (id 0) for the CLI and scheduled runs. */
  actor: z.object({ userId: z.number().int().nonnegative(), username: z.string() }),
  /** The client address as the gateway resolved it (TRUSTED_PROXIES), or `local` for the CLI. */
  address: z.string(),
  target: z.object({ kind: z.string().min(1), id: z.string() }),
  /**
   * The target's state before and after, secrets masked or left out; null where there was none, and
   * `{ unreadable: message }` where the store could not be read before the write.
   */
  before: json,
  after: json,
  /** What the action was asked to do or found (a request's non-secret fields, a run's result). */
  detail: json,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export type AuditEventInput = Omit<AuditEvent, 'eventId' | 'occurredAt' | 'version'>;

/** The producer's side: id, time and version stamped here, once. */
export function newAuditEvent(input: AuditEventInput, now: number = Date.now()): AuditEvent {
  return auditEventSchema.parse({ ...input, version: AUDIT_EVENT_VERSION, eventId: newId(), occurredAt: now });
}

/** The system acting on its own (a scheduled run, the command line). */
export const systemActor = { userId: 0, username: 'system' } as const;
