import type { GatewayReport } from '../ports/hot-state/gateway-reports.js';
import { percentile } from '../ports/hot-state/latency-histogram.js';
import { type Breakdown, emptyTally, mergeTally, type Spender, type Tally } from '../ports/hot-state/ops-tally.js';
import type { FleetMember, MinutePoint, OpsSnapshot, RankedSpender, BreakdownRow } from '@tollgate/wire';

/** "Now" is the last minute, read from per-second slots. */
const WINDOW_SECONDS = 60;
/** The last hour, as per-minute points. */
const HOUR_MINUTES = 60;
/** A gateway that has not reported for this long has left the fleet. */
const GATEWAY_SILENT_MS = 5_000;
const TOP_SPENDERS = 10;

function breakdownRows(breakdowns: Record<string, Breakdown>): BreakdownRow[] {
  return Object.entries(breakdowns)
    .map(([key, b]) => ({
      key,
      calls: b.calls,
      errors: b.errors,
      tokens: b.tokens,
      quota: b.quota,
      p50Ms: percentile(b.latency, 0.5),
      p95Ms: percentile(b.latency, 0.95),
      firstTokenP50Ms: percentile(b.firstToken, 0.5),
      firstTokenP95Ms: percentile(b.firstToken, 0.95),
    }))
    .sort((a, b) => b.calls - a.calls || a.key.localeCompare(b.key));
}

function topSpenders(spenders: Record<string, Spender>): RankedSpender[] {
  return Object.entries(spenders)
    .map(([id, s]) => ({ id: Number(id), name: s.name, quota: s.quota, calls: s.calls }))
    .sort((a, b) => b.quota - a.quota || b.calls - a.calls || a.id - b.id)
    .slice(0, TOP_SPENDERS);
}

/**
 * Every gateway's reports, added up: per-second slots for the last minute (traffic now, the
 * channel and model breakdowns, the top spenders), per-minute points for the last hour, and the
 * latest health of each gateway. Each gateway keeps its own board from the same reports.
 */
export class OpsBoard {
  private readonly seconds = new Map<number, Tally>();
  private readonly minutes = new Map<number, MinutePoint>();
  private readonly fleet = new Map<string, FleetMember>();

  add(report: GatewayReport, nowMs: number): void {
    this.fleet.set(report.gatewayId, { id: report.gatewayId, version: report.version, startedAt: report.startedAt, seenAt: report.atMs, eventLoopUtilization: report.eventLoopUtilization, inFlight: report.inFlight });
    const second = Math.floor(report.atMs / 1000);
    if (second > Math.floor(nowMs / 1000) - WINDOW_SECONDS) mergeTally(this.slot(second), report.tally);
    const minute = Math.floor(second / 60) * 60;
    const point = this.minutes.get(minute) ?? { minute, calls: 0, errors: 0, tokens: 0, quota: 0 };
    point.calls += report.tally.calls;
    point.errors += report.tally.errors;
    point.tokens += report.tally.tokens;
    point.quota += report.tally.quota;
    this.minutes.set(minute, point);
  }

  snapshot(nowMs: number): OpsSnapshot {
    this.forgetBefore(nowMs);
    const window = emptyTally();
    for (const tally of this.seconds.values()) mergeTally(window, tally);
    return {
      at: nowMs,
      now: { rpm: window.calls, tpm: window.tokens, spendPerMinute: window.quota, errorRate: window.calls === 0 ? 0 : window.errors / window.calls },
      minutes: [...this.minutes.values()].sort((a, b) => a.minute - b.minute),
      channels: breakdownRows(window.channels),
      models: breakdownRows(window.models),
      topUsers: topSpenders(window.users),
      topTokens: topSpenders(window.apiTokens),
      fleet: [...this.fleet.values()].sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id)),
    };
  }

  private slot(second: number): Tally {
    const known = this.seconds.get(second);
    if (known) return known;
    const fresh = emptyTally();
    this.seconds.set(second, fresh);
    return fresh;
  }

  private forgetBefore(nowMs: number): void {
    const second = Math.floor(nowMs / 1000);
    for (const at of this.seconds.keys()) if (at <= second - WINDOW_SECONDS) this.seconds.delete(at);
    for (const minute of this.minutes.keys()) if (minute <= second - HOUR_MINUTES * 60) this.minutes.delete(minute);
    for (const [id, member] of this.fleet) if (member.seenAt < nowMs - GATEWAY_SILENT_MS) this.fleet.delete(id);
  }
}
