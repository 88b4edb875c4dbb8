import { readdirSync, readFileSync } from 'node:fs';
import type { Row } from '../report.js';

/**
 * The stability part of the saturation measure: whether Tollgate's RPS holds over a long run (the
 * issue's "last minute of a 10-minute run at least 95% of the first minute's"), and, when it does
 * not, where the gateway's CPU went round by round (its main thread against its other threads, by
 * name: chdb's merges and inserts, the ledger's and ingestion's threads, libuv's pool, V8's helpers).
 */

/** One c=N round of one side, stamped with when it started (seconds since the measure began). */
export interface TimedRound {
  startedAtS: number;
  rps: number;
  calls: number;
  /** The side's process's CPU over the round (every thread), where its pid is known. */
  cpuSeconds?: number;
}

/** CPU seconds of a process's threads, by thread name; the main thread (tid = pid) as `main`. */
export type ThreadCpu = Map<string, number>;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The gateway's threads' CPU now; empty where /proc cannot be read (not Linux, process gone). */
export function threadCpu(pid: number): ThreadCpu {
  const cpu: ThreadCpu = new Map();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, close).replace(/[\d:/-]+$/, '');
      const fields = stat.slice(close + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
      cpu.set(name, (cpu.get(name) ?? 0) + seconds);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return cpu;
}

/** CPU used between two readings, by thread name (threads that ended in between are left out). */
export function cpuBetween(before: ThreadCpu, after: ThreadCpu): ThreadCpu {
  const used: ThreadCpu = new Map();
  for (const [name, seconds] of after) used.set(name, Math.max(0, seconds - (before.get(name) ?? 0)));
  return used;
}

export const totalCpu = (used: ThreadCpu): number => [...used.values()].reduce((sum, seconds) => sum + seconds, 0);

/** `µs a call` of the main thread, of the rest, and the rest's three largest thread names. */
export function describeCpu(used: ThreadCpu, calls: number): string {
  if (used.size === 0 || calls === 0) return 'thread CPU not readable';
  const perCall = (seconds: number) => Math.round((seconds * 1e6) / calls);
  const others = [...used].filter(([name]) => name !== 'main').sort((a, b) => b[1] - a[1]);
  const rest = others.reduce((sum, [, seconds]) => sum + seconds, 0);
  const top = others.slice(0, 3).filter(([, seconds]) => seconds > 0).map(([name, seconds]) => `${name} ${perCall(seconds)}`);
  return `main ${perCall(used.get('main') ?? 0)} µs/call, other threads ${perCall(rest)} (${top.join(', ')})`;
}

/** The rounds that started within `seconds` of the run's start, or of its last round's start. */
function minute(rounds: readonly TimedRound[], which: 'first' | 'last', seconds = 60): TimedRound[] {
  const lastStart = Math.max(...rounds.map((round) => round.startedAtS));
  return rounds.filter((round) => (which === 'first' ? round.startedAtS <= seconds : round.startedAtS >= lastStart - seconds));
}

/** Calls a second over the rounds of the run's first or last minute. */
export function minuteRps(rounds: readonly TimedRound[], which: 'first' | 'last'): number {
  const inWindow = minute(rounds, which);
  return inWindow.reduce((sum, round) => sum + round.rps, 0) / inWindow.length;
}

/** CPU µs a call over the rounds of the run's first or last minute; NaN where it was not read. */
function minuteCpuPerCall(rounds: readonly TimedRound[], which: 'first' | 'last'): number {
  const inWindow = minute(rounds, which);
  const calls = inWindow.reduce((sum, round) => sum + round.calls, 0);
  return (inWindow.reduce((sum, round) => sum + (round.cpuSeconds ?? Number.NaN), 0) * 1e6) / calls;
}

/**
 * CPU a call, Tollgate's over the bare relay's, in the first minute and the last: a cost that
 * grows with the history raises it; the machine's other load moves both sides (CPU time is what
 * each process spent, not what it waited), so the ratio is the same-run figure to read.
 */
export function cpuRow(bare: readonly TimedRound[], tollgate: readonly TimedRound[]): Row[] {
  const ratio = (which: 'first' | 'last') => minuteCpuPerCall(tollgate, which) / minuteCpuPerCall(bare, which);
  if (!Number.isFinite(ratio('first')) || !Number.isFinite(ratio('last'))) return [];
  const perCall = (rounds: readonly TimedRound[], which: 'first' | 'last') => Math.round(minuteCpuPerCall(rounds, which));
  return [
    {
      measure: 'CPU a call (µs, every thread), first minute -> last minute',
      direct: `${perCall(bare, 'first')} -> ${perCall(bare, 'last')}`,
      tollgate: `${perCall(tollgate, 'first')} -> ${perCall(tollgate, 'last')}`,
      added: `${ratio('first').toFixed(2)}x -> ${ratio('last').toFixed(2)}x the bare relay's`,
      target: '',
    },
  ];
}

/**
 * The report's stability row: each side's last minute as a share of its first (the rounds that
 * began in the run's first and last 60 s), Tollgate's against the >= 95% target. The bare relay's
 * share beside it says how much of a fall the machine's own load explains.
 */
export function stabilityRow(bare: readonly TimedRound[], tollgate: readonly TimedRound[]): Row {
  const keeps = (rounds: readonly TimedRound[]) => minuteRps(rounds, 'last') / minuteRps(rounds, 'first');
  const spanS = Math.round(Math.max(...tollgate.map((round) => round.startedAtS)));
  const share = keeps(tollgate);
  return {
    measure: `last minute's RPS as a share of the first minute's (rounds over ${spanS} s)`,
    direct: `${(keeps(bare) * 100).toFixed(0)}% (bare relay)`,
    tollgate: `${(share * 100).toFixed(0)}%`,
    added: '',
    target: '>= 95%',
    met: share >= 0.95,
  };
}
