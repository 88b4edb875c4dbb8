import { summarizeAllocations, type SamplingNode } from './allocation-sites.js';
import { connectInspector } from '../processes/inspector-session.js';
import type { Row } from '../report.js';
import { closedLoop } from './saturation.js';
import type { Side } from './sides.js';

export interface AllocationsOptions {
  concurrency: number;
  /** The closed loop before sampling (the JIT's warm-up) and the one sampled. */
  warmSeconds: number;
  sampledSeconds: number;
  /** How many sites and files the table lists. */
  top: number;
}

/** One sample about every 4 KB allocated: V8's default is 32 KB, too coarse for a call's 60-80 KB. */
const SAMPLING_INTERVAL_BYTES = 4_096;

const perCall = (bytes: number, calls: number) => `${Math.round(bytes / calls)} B`;

/**
 * What a relayed call allocates, and where: V8's sampling heap profiler over a closed loop, with
 * the objects the collector has already freed kept in the profile (a call's garbage is what the
 * collector's share of the CPU pays for, so it is the part to find).
 */
export async function measureAllocations(tollgate: Side, inspectPort: number, options: AllocationsOptions, log: (line: string) => void): Promise<Row[]> {
  await closedLoop(tollgate, options.concurrency, options.warmSeconds);
  const inspector = await connectInspector(inspectPort);
  try {
    await inspector.call('HeapProfiler.enable');
    await inspector.call('HeapProfiler.startSampling', { samplingInterval: SAMPLING_INTERVAL_BYTES, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const round = await closedLoop(tollgate, options.concurrency, options.sampledSeconds);
    const { profile } = (await inspector.call('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
    const summary = summarizeAllocations(profile.head);
    log(`  allocations: ${round.calls} calls sampled, ${perCall(summary.totalBytes, round.calls)} a call`);
    const row = (measure: string, bytes: number): Row => ({ measure, direct: '', tollgate: perCall(bytes, round.calls), added: '', target: '' });
    return [
      row(`c=${options.concurrency} allocated a call (sampled every ${SAMPLING_INTERVAL_BYTES} B, freed objects included)`, summary.totalBytes),
      ...summary.sites.slice(0, options.top).map((site) => row(`allocated a call at \`${site.site}\``, site.bytes)),
      ...summary.ownFiles.slice(0, options.top).map((file) => row(`allocated a call under \`${file.site}\` (the innermost of our files on the stack)`, file.bytes)),
    ];
  } finally {
    inspector.close();
  }
}
