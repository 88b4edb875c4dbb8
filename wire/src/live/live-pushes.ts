import type { z } from 'zod/mini';
import { shownLogEntrySchema } from '../logs/log-entry.js';
import { balancePushedSchema } from './balance-pushed.js';
import { channelChangedSchema } from './channel-changed.js';
import { channelHealthSchema } from './channel-health.js';
import { ledgerAuditSummarySchema } from './ledger-audit-summary.js';
import { logDroppedSchema } from './log-dropped.js';
import { opsSnapshotSchema } from './ops-snapshot.js';
import { taskPushedSchema } from './task-pushed.js';
import { throughputSchema } from './throughput.js';

/**
 * Every Socket.IO event the gateway pushes to consoles, by name, with the schema of its payload.
 * The gateway's fan-out takes only these names with these payloads; the console parses each
 * push with the same schema, so a changed field fails in one place instead of dropping pushes.
 */
export const livePushSchemas = {
  balance: balancePushedSchema,
  log: shownLogEntrySchema,
  log_dropped: logDroppedSchema,
  throughput: throughputSchema,
  throughput_all: throughputSchema,
  ops: opsSnapshotSchema,
  ops_channel: channelHealthSchema,
  ops_ledger_audit: ledgerAuditSummarySchema,
  channel: channelChangedSchema,
  task: taskPushedSchema,
} as const;

export type LivePushName = keyof typeof livePushSchemas;
export type LivePushes = { [Name in LivePushName]: z.infer<(typeof livePushSchemas)[Name]> };
