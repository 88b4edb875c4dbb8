/**
 * Latencies as counts in logarithmic buckets, each about 10% wider than the one below: recording
 * is one index computation and one increment (the relay's hot path), histograms of several
 * seconds and gateways merge by adding counts, and a percentile read from them is within 10%.
 * Sparse (bucket index -> count) so a report over Redis carries only the buckets that were hit.
 */
export type LatencyHistogram = Record<number, number>;

const GROWTH = 1.1;
const LOG_GROWTH = Math.log(GROWTH);

/** The bucket of a latency in milliseconds: bucket i holds (GROWTH^(i-1), GROWTH^i], bucket 0 holds 0 to 1 ms. */
export function bucketOf(ms: number): number {
  return ms <= 1 ? 0 : Math.ceil(Math.log(ms) / LOG_GROWTH);
}

/** The largest latency a bucket holds, in whole milliseconds. */
export function bucketCeiling(bucket: number): number {
  return Math.round(GROWTH ** bucket);
}

export function recordLatency(histogram: LatencyHistogram, ms: number): void {
  const bucket = bucketOf(ms);
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

export function mergeHistogram(into: LatencyHistogram, from: LatencyHistogram): void {
  for (const [bucket, count] of Object.entries(from)) into[Number(bucket)] = (into[Number(bucket)] ?? 0) + count;
}

/** The latency below which `quantile` (0 to 1) of the calls finished, or null when none was counted. */
export function percentile(histogram: LatencyHistogram, quantile: number): number | null {
  const buckets = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(quantile * total));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return bucketCeiling(bucket);
  }
  return null;
}
