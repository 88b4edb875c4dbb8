import type { BalancesChanged } from '@tollgate/ledger';
import { z } from 'zod';

/**
 * What the ledger's thread and the relay's thread say to each other. Both sides validate
 * what they receive: a message is an input like any request body, and a malformed one (a version
 * skew, a bug) must be reported, not folded into balances or holds.
 */

const count = z.number().int();

/** The ledger's notice as the worker thread posts it; the same shape the in-process notifier carries. */
export const balancesChangedSchema = z.object({
  users: z.array(z.object({ userId: count, quota: count, usedQuota: count, requestCount: count, affQuota: count, affHistoryQuota: count, affCount: count, version: count.optional() })),
  tokens: z.array(z.object({ tokenId: count, userId: count, remainQuota: count, usedQuota: count, unlimited: z.boolean(), version: count.optional() })),
  channels: z.array(z.object({ channelId: count, usedQuota: count })),
  settledHolds: z.array(z.object({ holdId: z.string(), userId: count })),
  appliedEvents: z.array(z.object({ eventId: z.string(), userId: count.nullable() })),
}) satisfies z.ZodType<BalancesChanged>;

/** From the worker thread to the relay's. */
export const fromWorkerSchema = z.discriminatedUnion('kind', [
  /** The ledger worker has started (subscribed to the log). */
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('balances'), changes: balancesChangedSchema }),
  /** A background failure the worker retries by itself: the relay's thread logs it, nothing more. */
  z.object({ kind: z.literal('failed'), worker: z.string(), message: z.string(), stack: z.string().optional() }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;

/** From the relay's thread to the worker thread. */
export const toWorkerSchema = z.object({ kind: z.literal('stop') });
export type ToWorker = z.infer<typeof toWorkerSchema>;

/**
 * The thread's start: the engine configuration as the variables' text (the worker thread parses it
 * with the same schema, so the config schema stays the only reader of settings).
 */
export const workerDataSchema = z.object({
  env: z.record(z.string(), z.string()),
  dataDir: z.string().min(1),
  /** The relay's log's append counter (ledger-engines.ts, newLogWakeups). */
  wakeups: z.instanceof(SharedArrayBuffer),
});
export type WorkerData = z.infer<typeof workerDataSchema>;
