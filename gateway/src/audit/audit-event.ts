import { newId } from '@tollgate/ledger';
import { z } from 'zod';

/**
 * What an administrator or root changed, past tense. The type says the action; `target` says on
 * what. A new action is a new name here, never a new meaning for an old one.
 */
export const auditEventTypes = [
  'UserCreated',
  'UserUpdated',
  'UserEnabled',
  'UserDisabled',
  'UserDeleted',
  'UserPromoted',
  'UserDemoted',
  'UserQuotaAdjusted',
  'UserTwoFactorReset',
  'UserSessionsEnded',
  'ChannelCreated',
  'ChannelCopied',
  'ChannelUpdated',
  'ChannelDeleted',
  'ChannelsDeleted',
  'DisabledChannelsDeleted',
  'ChannelAbilitiesFixed',
  'ChannelKeyRevealed',
  'ChannelTested',
  'ChannelTestsStarted',
  'ChannelBalanceUpdated',
  'ChannelBalancesUpdated',
  'OptionUpdated',
  'ModelRatiosReset',
  'RedemptionsCreated',
  'RedemptionUpdated',
  'RedemptionDeleted',
  'LogsDeleted',
  'ImportRan',
  'LedgerAudited',
  'SetupCompleted',
  // A user's own sign-in changes (audit/security-events.ts): the actor is the user.
  'PasswordChanged',
  'PasswordReset',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'TwoFactorBackupCodesRegenerated',
  'EmailBound',
  'AccountLinked',
  'AccessTokenGenerated',
] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/** The version every event written today carries; a changed shape gets a new one. */
export const AUDIT_EVENT_VERSION = 1;

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
  /** The target's state before and after, secrets masked or left out; null where there was none. */
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
