import type { BalancesChanged } from '@tollgate/ledger';
import { z } from 'zod';

/**
 * What the embedded workers' thread (the ledger worker, the analytics ingestion) and the relay's
 * thread say to each other. Both sides validate
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

/** A table's or a column's name as our own rows spell them: nothing to quote. */
const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/);

/**
 * The ingestion's requests to the analytics engine, which only the relay's thread may open (no
 * thread may load chdb: its addon crashes in the thread's teardown). Each has an id its answer
 * carries back (`answerSchema`).
 */
export const insertRequestSchema = z.object({
  kind: z.literal('insert'),
  id: count,
  table: identifier,
  /** A ready insert body (EncodedRows): JSONCompactEachRow in the order of `columns`. */
  columns: z.array(identifier).min(1),
  body: z.instanceof(Uint8Array),
});
export const queryRequestSchema = z.object({
  kind: z.literal('query'),
  id: count,
  sql: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type AnalyticsRequest = z.infer<typeof insertRequestSchema> | z.infer<typeof queryRequestSchema>;

/** From the worker thread to the relay's. */
export const fromWorkerSchema = z.discriminatedUnion('kind', [
  insertRequestSchema,
  queryRequestSchema,
  /** The ledger worker has started (subscribed to the log). */
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('balances'), changes: balancesChangedSchema }),
  /** A background failure the worker retries by itself: the relay's thread logs it, nothing more. */
  z.object({ kind: z.literal('failed'), worker: z.string(), message: z.string(), stack: z.string().optional() }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;

/** The analytics engine's answer to a request: done (a query's raw rows, the thread parses them), or failed. */
export const answerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), id: count, rows: z.array(z.unknown()).optional() }),
  z.object({ kind: z.literal('refused'), id: count, message: z.string() }),
]);
export type Answer = z.infer<typeof answerSchema>;

/** From the relay's thread to the worker thread. */
export const toWorkerSchema = z.union([z.object({ kind: z.literal('stop') }), answerSchema]);
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
  /** Which workers the thread hosts: the ledger worker, the analytics ingestion under this group (null: neither is). */
  hosts: z.object({ ledger: z.boolean(), ingestionGroup: z.string().min(1).nullable() }),
});
export type WorkerData = z.infer<typeof workerDataSchema>;
