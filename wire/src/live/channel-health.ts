import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';
import { ledgerAuditSummarySchema } from './ledger-audit-summary.js';
import { trafficMinuteSchema } from './traffic-minute.js';

/** A channel's circuit breaker as its last transition left it (Tollgate's own; new-api has none). */
export const breakerNoteSchema = z.object({
  /** A multi-key channel's key (its index in the key list) whose own breaker this is; absent: the channel's. */
  keyIndex: z.optional(nonNegativeInt()),
  state: z.enum(['closed', 'open', 'half-open']),
  change: z.enum(['opened', 'half-open', 'closed', 'reopened']),
  /** Skipped until then (milliseconds since the epoch; 0 when closed). */
  until: z.number(),
  reason: z.string(),
  /** When the transition was made (milliseconds since the epoch). */
  at: z.number(),
});
export type BreakerNote = z.infer<typeof breakerNoteSchema>;

/** The `ops_channel` push and the seed's channel rows: a channel's state, last test, and why it was switched off. */
export const channelHealthSchema = z.object({
  id: nonNegativeInt(),
  name: z.string(),
  /** A `ChannelStatus`. */
  status: nonNegativeInt(),
  /** When the last test ran (epoch seconds, 0: never) and how long it took. */
  testTime: nonNegativeInt(),
  responseTime: nonNegativeInt(),
  /** Set while the channel is disabled automatically: why, and when (epoch seconds). */
  reason: z.nullable(z.string()),
  statusTime: z.nullable(z.number()),
  /** The breaker's last transition; null before its first. */
  breaker: z.optional(z.nullable(breakerNoteSchema)),
  /**
   * Its latest transitions, oldest first, the last one `breaker`: a push reads the channel when it
   * goes, so two quick transitions (a probe claimed, then answered) may reach the view in one push.
   */
  breakerHistory: z.optional(z.array(breakerNoteSchema)),
  /** A multi-key channel's keys whose breaker is not closed, each as its last transition left it, by key index. */
  keyBreakers: z.optional(z.array(breakerNoteSchema)),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/** GET /api/ops/: the last hour from the rollup, every channel's health, and the latest ledger proof (null before the first); the pushes take over from it. */
export const opsSeedSchema = z.object({
  minutes: z.array(trafficMinuteSchema),
  channels: z.array(channelHealthSchema),
  ledgerAudit: z.optional(z.nullable(ledgerAuditSummarySchema)),
});
export type OpsSeed = z.infer<typeof opsSeedSchema>;
