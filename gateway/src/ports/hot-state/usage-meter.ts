import type { Throughput } from '@tollgate/wire';

export interface ThroughputReading {
  /** Every user's calls together (what admins see). */
  all: Throughput;
  /** The users asked for, each on their own; a user without calls reads zero. */
  users: Map<number, Throughput>;
}

/** One relayed call: `tokens` tokens for `userId` at `atMs`. */
export interface MeteredCall {
  userId: number;
  tokens: number;
  atMs: number;
}

/** Counts relayed calls per second, for the whole system and per user, across every gateway. */
export interface UsageMeter {
  /** Counts the calls; a batch at once, since calls come as the log's appends do. */
  record(calls: readonly MeteredCall[]): Promise<void>;
  /** The 60 seconds up to and including the second of `nowMs`. */
  lastMinute(userIds: readonly number[], nowMs: number): Promise<ThroughputReading>;
}

export const METER_WINDOW_SECONDS = 60;
