import { setTimeout as sleep } from 'node:timers/promises';
import type { LoggedConsumption } from '@tollgate/analytics';
import { auditDrift, type BalanceInventory, type BalanceStore, ConsumptionFold, type EventLogReader, type StoredEvent, utcDay } from '@tollgate/ledger';
import { compareConsumption } from './compare-consumption.js';
import type { LedgerProver } from '../ports/ledger-prover.js';

/** What the proof reads: the ledger's whole history, the balance store, and the analytics' consume rows. */
export interface LedgerProverSources {
  /** Each event once: the durable history (analytics' `ledger_movements`), which outlives the topic. */
  events: EventLogReader;
  /** Per partition, the last offset the history holds; the proof is settled only once it reaches the ledger's checkpoints. */
  historyThrough?: () => Promise<Map<number, number>>;
  balances: BalanceStore & BalanceInventory;
  loggedConsumption(untilSeconds: number): Promise<LoggedConsumption[]>;
  /** Seconds: log rows before this were deleted (LogRetentionDays, DELETE /api/log), so those days are not compared. */
  logsKeptSince(): Promise<number>;
  now?: () => number;
}


/** Calls of the last minute may still be on their way to the log store; they are compared at the next run. */
const LOG_SETTLE_SECONDS = 60;
/**
 * A pass that found the ledger applying events, or the history behind the ledger, is tried again
 * this many times in all, after 250, 500, 1000 and 2000 ms: the history's ingestion gathers up to
 * ANALYTICS_BATCH_MS (1 s) of events into one insert, so a run just after a call waits for it.
 */
const ATTEMPTS = 5;
const FIRST_RETRY_MS = 250;

/** Passes the events through, reading each partition's checkpoint as its first event goes by. */
async function* noteCheckpoints(events: AsyncIterable<StoredEvent>, balances: BalanceStore, seen: Map<number, number>, also: (stored: StoredEvent) => void) {
  for await (const stored of events) {
    if (!seen.has(stored.partition)) seen.set(stored.partition, await balances.checkpoint(stored.partition));
    also(stored);
    yield stored;
  }
}

async function unchanged(balances: BalanceStore, checkpoints: Map<number, number>): Promise<boolean> {
  for (const [partition, offset] of checkpoints) if ((await balances.checkpoint(partition)) !== offset) return false;
  return true;
}

/** The history is fed by the analytics ingestion: a ledger ahead of it would read as drift. */
async function historyCaughtUp(sources: LedgerProverSources, checkpoints: Map<number, number>): Promise<boolean> {
  if (!sources.historyThrough) return true;
  const through = await sources.historyThrough();
  for (const partition of through.keys()) if (!checkpoints.has(partition)) checkpoints.set(partition, await sources.balances.checkpoint(partition));
  for (const [partition, offset] of checkpoints) if ((through.get(partition) ?? -1) < offset) return false;
  return true;
}

/**
 * The ledger's proof: every balance recomputed from the event log and compared with the stored
 * one, and the log's consumption per user and day compared with the consume rows of analytics,
 * in one pass over the log. The balances are consistent with the fold only if no partition's
 * checkpoint moved during the pass; otherwise the pass is repeated.
 */
export function createLedgerProver(sources: LedgerProverSources): LedgerProver {
  const now = sources.now ?? Date.now;
  const attempt = async () => {
    const ranAt = now();
    const untilSeconds = Math.floor(ranAt / 1000) - LOG_SETTLE_SECONDS;
    const consumption = new ConsumptionFold(untilSeconds);
    const checkpoints = new Map<number, number>();
    const report = await auditDrift(noteCheckpoints(sources.events.readAll(), sources.balances, checkpoints, (s) => consumption.add(s)), sources.balances);
    const settled = (await unchanged(sources.balances, checkpoints)) && (await historyCaughtUp(sources, checkpoints));
    const keptSince = await sources.logsKeptSince();
    // A day the cutoff falls in (or before) lost some of its rows: compare whole days only.
    const firstWholeDay = keptSince > 0 ? utcDay(keptSince + 86_399) : '';
    const compared = compareConsumption(consumption.rows(), await sources.loggedConsumption(untilSeconds), firstWholeDay);
    const accounts = await sources.balances.accountIds();
    return { ranAt, eventsFolded: report.eventsFolded, usersChecked: accounts.userIds.length, tokensChecked: accounts.tokenIds.length, drifts: report.drifts, consumptionMismatches: compared.mismatches, daysCompared: compared.daysCompared, settled };
  };
  return {
    async run() {
      let proof = await attempt();
      for (let tries = 1; !proof.settled && tries < ATTEMPTS; tries++) {
        await sleep(FIRST_RETRY_MS * 2 ** (tries - 1));
        proof = await attempt();
      }
      return { ...proof, clean: proof.settled && proof.drifts.length === 0 && proof.consumptionMismatches.length === 0 };
    },
  };
}
