import { entryOf, own } from '@tollgate/wire';
import { recordLatency } from '../ports/hot-state/latency-histogram.js';
import { type Breakdown, emptyBreakdown, emptyTally, type Spender, type Tally } from '../ports/hot-state/ops-tally.js';

/** One finished relay call, as the operations view counts it. */
export interface OpsCall {
  /** 0 when the call was refused before a channel was picked. */
  channelId: number;
  model: string;
  /** The status the client got. */
  status: number;
  useTimeMs: number;
  /** Until a stream's first chunk; undefined for an answer sent whole. */
  firstTokenMs?: number;
  tokens: number;
  quota: number;
  /** Absent for a call that failed before its caller was known to the meter. */
  user?: { id: number; name: string };
  apiToken?: { id: number; name: string };
}

function spend(spenders: Record<string, Spender>, who: { id: number; name: string }, quota: number): void {
  const spender = entryOf(spenders, String(who.id), () => ({ name: who.name, quota: 0, calls: 0 }));
  spender.quota += quota;
  spender.calls += 1;
}

function count(breakdown: Breakdown, call: OpsCall, failed: boolean): void {
  breakdown.calls += 1;
  breakdown.tokens += call.tokens;
  breakdown.quota += call.quota;
  if (failed) breakdown.errors[call.status] = (own(breakdown.errors, String(call.status)) ?? 0) + 1;
  recordLatency(breakdown.latency, call.useTimeMs);
  if (call.firstTokenMs !== undefined && call.firstTokenMs >= 0) recordLatency(breakdown.firstToken, call.firstTokenMs);
}

/**
 * This gateway's live meter of relayed calls. The relay's cost per call is a handful of map
 * look-ups and increments (`record`); everything else (merging, percentiles, ranking, sending)
 * happens on a timer that `drain`s the tally accumulated since the last drain.
 */
export class OpsMeter {
  private tally: Tally = emptyTally();
  private inFlight = 0;
  private onRecorded: () => void = () => {};

  /** Told after each recorded call, so the call is reported at once rather than at the next tick (live/ops-reporter.ts). */
  whenRecorded(listener: () => void): void {
    this.onRecorded = listener;
  }

  callStarted(): void {
    this.inFlight += 1;
  }

  callEnded(): void {
    this.inFlight -= 1;
  }

  /** The calls in flight on this gateway now. */
  callsInFlight(): number {
    return this.inFlight;
  }

  record(call: OpsCall): void {
    const tally = this.tally;
    const failed = call.status >= 400;
    tally.calls += 1;
    tally.tokens += call.tokens;
    tally.quota += call.quota;
    if (failed) tally.errors += 1;
    count(entryOf(tally.channels, String(call.channelId), emptyBreakdown), call, failed);
    count(entryOf(tally.models, call.model, emptyBreakdown), call, failed);
    if (call.user) spend(tally.users, call.user, call.quota);
    if (call.apiToken) spend(tally.apiTokens, call.apiToken, call.quota);
    this.onRecorded();
  }

  /** What was recorded since the previous drain; the meter starts afresh. */
  drain(): Tally {
    const drained = this.tally;
    this.tally = emptyTally();
    return drained;
  }
}
