import type { ProgressListener } from '../import-context.js';

export interface LogImportMeter {
  onProgress: ProgressListener;
  figures(): { logSeconds: number; rowsPerSecond: number; peakRssMb: number; heapGrowthMb: number; lateHeapGrowthMb: number; logProgressCalls: number };
}

const MB = 1024 * 1024;

/**
 * Samples the process at every page of the log import: how long it took, the peak resident set
 * (chdb included, as an operator's `top` would show it) and how far the JS heap grew above where
 * it stood at the first page. The heap holds garbage between collections, so flatness is judged
 * by halves: held pages would make the second half's peak grow past the first's by the rows held.
 */
export function meterLogImport(): LogImportMeter {
  let started = 0;
  let finished = 0;
  let heapAtStart = 0;
  let peakHeap = 0;
  const halfPeaks = [0, 0];
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
      const half = done * 2 > total ? 1 : 0;
      halfPeaks[half] = Math.max(halfPeaks[half] ?? 0, heapUsed);
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
        lateHeapGrowthMb: Math.round(((halfPeaks[1] ?? 0) - (halfPeaks[0] ?? 0)) / MB),
        logProgressCalls: calls,
      };
    },
  };
}
