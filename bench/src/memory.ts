import { offerLoad } from './load.js';
import { rssMb } from './processes.js';
import { mb, rate, type Row } from './report.js';
import type { Side } from './sides.js';
import { median, slope } from './stats.js';

export interface MemoryOptions {
  soakSeconds: number;
  /** Requests per second offered through Tollgate during the soak (20 ms mock). */
  soakRate: number;
}

/** About 60 samples a soak, 1 to 10 s apart: a short soak still gets enough points for a slope. */
const sampleEveryMs = (soakSeconds: number) => Math.min(10_000, Math.max(1_000, (soakSeconds * 1_000) / 60));
/** Growth is fitted after this share of the soak: caches and pools fill first, which is no leak. */
const WARMUP_SHARE = 0.3;
/** "Flat": under 1 MB a minute, about 1.4 GB a day, small enough that a restart a day hides nothing. */
const FLAT_MB_PER_MINUTE = 1;

/**
 * The gateway's resident memory: idle, then sampled about 60 times under a steady load of the 20 ms
 * mock for the whole soak. Idle is taken by the caller right after start, before any other
 * measurement has loaded the gateway. Growth is the least-squares slope of RSS over the samples after the
 * warm-up, in MB per minute. Direct has no gateway; its column is the mock's own RSS, for scale.
 */
export async function measureMemory(tollgate: Side, pids: { gateway: number; mock: number }, idleMb: number, options: MemoryOptions, log: (line: string) => void): Promise<Row[]> {
  const started = performance.now();
  const samples: { x: number; y: number }[] = [];
  const timer = setInterval(() => {
    const minutes = (performance.now() - started) / 60_000;
    samples.push({ x: minutes, y: rssMb(pids.gateway) });
  }, sampleEveryMs(options.soakSeconds));
  const load = await offerLoad(tollgate, 20, options.soakRate, options.soakSeconds).finally(() => clearInterval(timer));
  log(`  soak: ${samples.length} RSS samples, ${samples.map((s) => s.y.toFixed(0)).join(' ')} MB; served ${Math.round(load.achieved)} req/s, failures ${load.failures}`);
  const fitted = samples.filter((s) => s.x >= (options.soakSeconds / 60) * WARMUP_SHARE);
  const growth = slope(fitted);
  const steady = median(fitted.map((s) => s.y));
  return [
    { measure: 'RSS idle (after provisioning and warm-up)', direct: mb(rssMb(pids.mock)), tollgate: mb(idleMb), added: '', target: '' },
    { measure: `RSS steady under ${rate(options.soakRate)}`, direct: '', tollgate: mb(steady), added: mb(steady - idleMb), target: '' },
    { measure: `RSS growth over a ${options.soakSeconds} s soak`, direct: '', tollgate: `${growth.toFixed(2)} MB/min`, added: '', target: `flat (< ${FLAT_MB_PER_MINUTE} MB/min)`, met: growth < FLAT_MB_PER_MINUTE },
  ];
}
