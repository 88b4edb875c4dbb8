import { z } from 'zod/mini';

/** The server's shapes (gateway ops/ops-snapshot.ts, ops/channel-health.ts), parsed at the boundary. */
const breakdownRowSchema = z.object({
  key: z.string(),
  calls: z.number(),
  errors: z.record(z.string(), z.number()),
  tokens: z.number(),
  quota: z.number(),
  p50Ms: z.nullable(z.number()),
  p95Ms: z.nullable(z.number()),
  firstTokenP50Ms: z.nullable(z.number()),
  firstTokenP95Ms: z.nullable(z.number()),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

const spenderSchema = z.object({ id: z.number(), name: z.string(), quota: z.number(), calls: z.number() });
export type RankedSpender = z.infer<typeof spenderSchema>;

export const minutePointSchema = z.object({ minute: z.number(), calls: z.number(), errors: z.optional(z.number()), tokens: z.number(), quota: z.number() });
export type MinutePoint = z.infer<typeof minutePointSchema>;

const fleetMemberSchema = z.object({ id: z.string(), version: z.string(), startedAt: z.number(), seenAt: z.number(), eventLoopUtilization: z.number(), inFlight: z.number() });
export type FleetMember = z.infer<typeof fleetMemberSchema>;

/** The `ops` event: the whole view, every half second. */
export const opsSnapshotSchema = z.object({
  at: z.number(),
  now: z.object({ rpm: z.number(), tpm: z.number(), spendPerMinute: z.number(), errorRate: z.number() }),
  minutes: z.array(minutePointSchema),
  channels: z.array(breakdownRowSchema),
  models: z.array(breakdownRowSchema),
  topUsers: z.array(spenderSchema),
  topTokens: z.array(spenderSchema),
  fleet: z.array(fleetMemberSchema),
});
export type OpsSnapshot = z.infer<typeof opsSnapshotSchema>;

/** The `ops_channel` event and the seed's channel rows. */
export const channelHealthSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.number(),
  testTime: z.number(),
  responseTime: z.number(),
  reason: z.nullable(z.string()),
  statusTime: z.nullable(z.number()),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/** The latest run of the ledger's proof (gateway ops/ledger-audit-summary.ts): the seed's `ledgerAudit` and the `ops_ledger_audit` event. */
export const ledgerAuditSummarySchema = z.object({
  ranAt: z.number(),
  clean: z.boolean(),
  settled: z.boolean(),
  driftCount: z.number(),
  mismatchCount: z.number(),
  address: z.string(),
  link: z.string(),
});
export type LedgerAuditSummary = z.infer<typeof ledgerAuditSummarySchema>;

/** GET /api/ops/: the last hour from the rollup, every channel's health, and the latest ledger proof (null before the first). */
export const opsSeedSchema = z.object({ minutes: z.array(minutePointSchema), channels: z.array(channelHealthSchema), ledgerAudit: z.optional(z.nullable(ledgerAuditSummarySchema)) });
export type OpsSeed = z.infer<typeof opsSeedSchema>;
