import { describe, expect, it } from 'vitest';
import { bucketCeiling, bucketOf, type LatencyHistogram, mergeHistogram, percentile, recordLatency } from './latency-histogram.js';

function histogramOf(values: readonly number[]): LatencyHistogram {
  const histogram: LatencyHistogram = {};
  for (const value of values) recordLatency(histogram, value);
  return histogram;
}

describe('latency histogram', () => {
  it('puts every latency in a bucket whose ceiling is at most 10% above it', () => {
    for (const ms of [0, 1, 2, 7, 99, 100, 101, 1_234, 59_999, 600_000]) {
      const ceiling = bucketCeiling(bucketOf(ms));
      expect(ceiling).toBeGreaterThanOrEqual(Math.floor(ms));
      expect(ceiling).toBeLessThanOrEqual(Math.max(1, ms * 1.1 + 1));
    }
  });

  it('reads p50 and p95 of 1..1000 ms within 10%', () => {
    const histogram = histogramOf(Array.from({ length: 1000 }, (_, i) => i + 1));
    const p50 = percentile(histogram, 0.5) ?? 0;
    const p95 = percentile(histogram, 0.95) ?? 0;
    expect(p50).toBeGreaterThanOrEqual(500);
    expect(p50).toBeLessThanOrEqual(550);
    expect(p95).toBeGreaterThanOrEqual(950);
    expect(p95).toBeLessThanOrEqual(1045);
  });

  it('lets a few slow calls move p95 but not p50', () => {
    const histogram = histogramOf([...Array.from({ length: 90 }, () => 20), ...Array.from({ length: 10 }, () => 3_000)]);
    expect(percentile(histogram, 0.5)).toBeLessThanOrEqual(22);
    expect(percentile(histogram, 0.95)).toBeGreaterThanOrEqual(3_000);
  });

  it('merges by adding counts: the merged percentiles are those of all the values together', () => {
    const fast = histogramOf(Array.from({ length: 50 }, () => 10));
    const slow = histogramOf(Array.from({ length: 50 }, () => 1_000));
    mergeHistogram(fast, slow);
    expect(percentile(fast, 0.25)).toBeLessThanOrEqual(11);
    expect(percentile(fast, 0.75)).toBeGreaterThanOrEqual(1_000);
    expect(Object.values(fast).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('has no percentile without calls', () => {
    expect(percentile({}, 0.5)).toBeNull();
  });
});
