import { connectHeapProbe, type HeapProbe } from '../processes/heap-probe.js';
import { offerLoad } from './load.js';
import { rssMb } from '../processes/processes.js';
import { mb, rate, type Row } from '../report.js';
import type { Side } from './sides.js';
import { median, slope } from '../stats.js';

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

type Sample = { x: number; y: number };

/** Heap floors taken after the warm-up: each is a forced full collection, so few of them. */
const HEAP_FLOORS = 7;

/**
 * Heap floors (in use right after a full collection), the first at the end of the warm-up, the
 * rest evenly until the soak ends; each is a full collection, a pause the load sees.
 */
async function sampleHeapFloors(probe: HeapProbe, started: number, soakSeconds: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const soakMs = soakSeconds * 1_000;
  const everyMs = (soakMs * (1 - WARMUP_SHARE)) / (HEAP_FLOORS - 0.5);
  for (let at = soakMs * WARMUP_SHARE; samples.length < HEAP_FLOORS; at += everyMs) {
    await new Promise((r) => setTimeout(r, Math.max(0, at - (performance.now() - started))));
    samples.push({ x: (performance.now() - started) / 60_000, y: await probe.usedAfterFullGcMb() });
  }
  return samples;
}

/**
 * The gateway's memory: idle RSS, then a steady load of the 20 ms mock for the whole soak, with
 * RSS sampled about 60 times and the heap's floor (in use right after a forced full collection,
 * through the inspector: `heap-probe.ts`) 7 times after the warm-up. Idle is taken by the caller
 * right after start, before any other measurement has loaded the gateway. Growth is the
 * least-squares slope over the samples after the warm-up, in MB per minute: the heap floor's
 * decides "no leak", the RSS slope is shown beside it (it follows the GC sawtooth). Direct has no
 * gateway; its column is the mock's own RSS, for scale.
 */
export async function measureMemory(tollgate: Side, pids: { gateway: number; mock: number }, inspectPort: number, idleMb: number, options: MemoryOptions, log: (line: string) => void): Promise<Row[]> {
  const probe = await connectHeapProbe(inspectPort);
  const started = performance.now();
  const rss: Sample[] = [];
  const timer = setInterval(() => rss.push({ x: (performance.now() - started) / 60_000, y: rssMb(pids.gateway) }), sampleEveryMs(options.soakSeconds));
  const [load, floors] = await Promise.all([
    offerLoad(tollgate, 20, options.soakRate, options.soakSeconds).finally(() => clearInterval(timer)),
    sampleHeapFloors(probe, started, options.soakSeconds).finally(() => probe.close()),
  ]);
  const shown = (samples: Sample[]) => samples.map((s) => s.y.toFixed(0)).join(' ');
  log(`  soak: served ${Math.round(load.achieved)} req/s, failures ${load.failures}; ${rss.length} RSS samples ${shown(rss)} MB; heap after full GC ${shown(floors)} MB`);
  const fittedRss = rss.filter((s) => s.x >= (options.soakSeconds / 60) * WARMUP_SHARE);
  const rssGrowth = slope(fittedRss);
  const floorGrowth = slope(floors); // every floor is taken after the warm-up
  const steady = median(fittedRss.map((s) => s.y));
  return [
    { measure: 'RSS idle (after provisioning and warm-up)', direct: mb(rssMb(pids.mock)), tollgate: mb(idleMb), added: '', target: '' },
    { measure: `RSS steady under ${rate(options.soakRate)}`, direct: '', tollgate: mb(steady), added: mb(steady - idleMb), target: '' },
    { measure: `RSS growth over a ${options.soakSeconds} s soak (follows the GC sawtooth)`, direct: '', tollgate: `${rssGrowth.toFixed(2)} MB/min`, added: '', target: '' },
    {
      measure: `heap after a full GC: growth over the soak (${floors.length} samples)`,
      direct: '',
      tollgate: `${floorGrowth.toFixed(2)} MB/min`,
      added: '',
      target: `flat (< ${FLAT_MB_PER_MINUTE} MB/min)`,
      met: floorGrowth < FLAT_MB_PER_MINUTE,
    },
  ];
}
