import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';
import { minutePointSchema } from './traffic-minute.js';

/** Calls, failures, tokens, quota and latencies of one channel id or model. */
export const breakdownRowSchema = z.object({
  /** A channel id ("0": refused before a channel was picked) or a model name. */
  key: z.string(),
  calls: nonNegativeInt(),
  /** HTTP status -> failed calls. */
  errors: z.record(z.string(), nonNegativeInt()),
  tokens: nonNegativeInt(),
  quota: z.int(),
  p50Ms: z.nullable(z.number()),
  p95Ms: z.nullable(z.number()),
  firstTokenP50Ms: z.nullable(z.number()),
  firstTokenP95Ms: z.nullable(z.number()),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** A user or token among the top spenders. */
export const rankedSpenderSchema = z.object({ id: nonNegativeInt(), name: z.string(), quota: z.int(), calls: nonNegativeInt() });
export type RankedSpender = z.infer<typeof rankedSpenderSchema>;

/** One gateway of the fleet, as its last report described it. */
export const fleetMemberSchema = z.object({
  id: z.string(),
  version: z.string(),
  startedAt: nonNegativeInt(),
  /** When its last report was made. */
  seenAt: nonNegativeInt(),
  eventLoopUtilization: z.number(),
  inFlight: nonNegativeInt(),
});
export type FleetMember = z.infer<typeof fleetMemberSchema>;

/** The `ops` push: the whole operations view, to administrators every half second. */
export const opsSnapshotSchema = z.object({
  /** When it was made, milliseconds since the epoch. */
  at: nonNegativeInt(),
  /** The last 60 seconds, on every gateway. */
  now: z.object({ rpm: z.number(), tpm: z.number(), spendPerMinute: z.number(), errorRate: z.number() }),
  /** The last hour by minute, as far as this gateway has heard it (the console fills older minutes from the rollup). */
  minutes: z.array(minutePointSchema),
  /** Per channel id, busiest first. */
  channels: z.array(breakdownRowSchema),
  /** Per model, busiest first. */
  models: z.array(breakdownRowSchema),
  topUsers: z.array(rankedSpenderSchema),
  topTokens: z.array(rankedSpenderSchema),
  fleet: z.array(fleetMemberSchema),
});
export type OpsSnapshot = z.infer<typeof opsSnapshotSchema>;
