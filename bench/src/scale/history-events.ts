import type { StoredEvent } from '@tollgate/ledger';
import { LogType, type LedgerEvent } from '@tollgate/wire';

/** The history scale test's users; user 1 makes a tenth of every call (one heavy account). */
export const HISTORY_USERS = 10_000;
/** Partitions of the generated log: a user's events all land in one, as the ledger keys them. */
const PARTITIONS = 3;
const SPAN_MS = 30 * 86_400_000;
const OTHER = { model_ratio: 1, completion_ratio: 2, group_ratio: 1, model_price: -1, frt: 300 };

/** Event ids are positional, so two runs build the same history. */
function metadata(i: number, occurredAt: number) {
  return { eventId: `hist-${i.toString(36).padStart(9, '0')}`, occurredAt, version: 1 as const };
}

function userOf(i: number): number {
  return i % 10 === 0 ? 1 : ((i * 7919) % HISTORY_USERS) + 1;
}

function call(i: number, userId: number, occurredAt: number): LedgerEvent {
  const promptTokens = 50 + (i % 500);
  const completionTokens = 10 + (i % 200);
  return {
    type: 'UsageRecorded',
    data: {
      requestId: `req-${i}`, holdId: `hold-${i}`, userId, username: `user${userId}`, tokenId: userId, tokenName: 'default',
      channelId: (i % 5) + 1, model: 'gpt-4o-mini', group: 'default', promptTokens, completionTokens,
      quota: promptTokens + completionTokens * 2, isStream: i % 3 === 0, useTimeMs: i % 7000, content: '', other: OTHER,
    },
    metadata: metadata(i, occurredAt),
  };
}

/** Top-ups, admin changes and token limits in turn: the statement lists these one by one. */
function movement(i: number, userId: number, occurredAt: number): LedgerEvent {
  const username = `user${userId}`;
  switch (i % 3) {
    case 0:
      return { type: 'QuotaGranted', data: { userId, username, amount: 500_000, logType: LogType.TopUp, content: 'top-up', source: 'payment' }, metadata: metadata(i, occurredAt) };
    case 1:
      return { type: 'QuotaAdjusted', data: { userId, username, adminId: 1, delta: 1_000, content: 'admin change' }, metadata: metadata(i, occurredAt) };
    default:
      return { type: 'TokenQuotaSet', data: { userId, tokenId: userId, remainQuota: 1_000_000, unlimited: false }, metadata: metadata(i, occurredAt) };
  }
}

export interface HistoryGenerator {
  /** Events `from` (inclusive) to `to` (exclusive) of the history, each with its partition and offset. */
  batch(from: number, to: number): StoredEvent[];
}

export interface HistoryShape {
  total: number;
  /** Events before this one mix movements in (every `movementEvery`-th); the rest are calls. */
  mixedUntil: number;
  movementEvery: number;
}

/** A history of `total` events over the last 30 days before `endMs`, newest last. Offsets count per partition. */
export function historyGenerator({ total, mixedUntil, movementEvery }: HistoryShape, endMs: number): HistoryGenerator {
  const offsets = new Array<number>(PARTITIONS).fill(0);
  return {
    batch(from, to) {
      const events: StoredEvent[] = [];
      for (let i = from; i < to; i++) {
        const userId = userOf(i);
        const partition = userId % PARTITIONS;
        const occurredAt = endMs - SPAN_MS + Math.floor((i / total) * SPAN_MS);
        const event = i < mixedUntil && i % movementEvery === movementEvery - 1 ? movement(i, userId, occurredAt) : call(i, userId, occurredAt);
        const offset = offsets[partition] ?? 0;
        offsets[partition] = offset + 1;
        events.push({ partition, offset, event });
      }
      return events;
    },
  };
}
