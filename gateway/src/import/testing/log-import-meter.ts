import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ProgressListener } from '../import-context.js';

export interface LogImportMeter {
  onProgress: ProgressListener;
  figures(): { logSeconds: number; rowsPerSecond: number; peakRssMb: number; heapGrowthMb: number; lateHeapGrowthMb: number; logProgressCalls: number };
}

const MB = 1024 * 1024;

/** A full collection on demand (the test process has no --expose-gc): what the heap holds, without its garbage. */
function liveHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/**
 * Samples the process at every page of the log import: how long it took, the peak resident set
 * (chdb included, as an operator's `top` would show it) and how far the JS heap grew above where
 * it stood at the first page. Flatness is judged on the live heap (after a full collection) at
 * the first page of the second half and at the last page: held pages would grow it by the rows of
 * the second half. (Peaks of the used heap, garbage included, differed by 105 MB in one CI run.)
 */
export function meterLogImport(): LogImportMeter {
  let started = 0;
  let finished = 0;
  let heapAtStart = 0;
  let peakHeap = 0;
  let liveAtMiddle: number | undefined;
  let liveAtEnd: number | undefined;
  let peakRss = 0;
  let calls = 0;
  let rows = 0;
  return {
    onProgress(table, done, total) {
      if (table !== 'logs') return;
      const { rss, heapUsed } = process.memoryUsage();
      if (calls++ === 0) {
        started = performance.now();
        heapAtStart = heapUsed;
      }
      finished = performance.now();
      peakHeap = Math.max(peakHeap, heapUsed);
      if (done * 2 > total && liveAtMiddle === undefined) liveAtMiddle = liveHeap();
      if (done >= total) liveAtEnd = liveHeap();
      peakRss = Math.max(peakRss, rss);
      rows = done;
    },
    figures() {
      const logSeconds = (finished - started) / 1000;
      return {
        logSeconds,
        rowsPerSecond: Math.round(rows / Math.max(logSeconds, 0.001)),
        peakRssMb: Math.round(peakRss / MB),
        heapGrowthMb: Math.round((peakHeap - heapAtStart) / MB),
        // NaN (failing any bound) unless both points were reached.
        lateHeapGrowthMb: liveAtEnd === undefined || liveAtMiddle === undefined ? Number.NaN : Math.round((liveAtEnd - liveAtMiddle) / MB),
        logProgressCalls: calls,
      };
    },
  };
}
