import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FixedHistogram } from './fixed-histogram.js';

const BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1];

/** prom-client's Histogram and ours, fed alike, each in a registry of its own. */
function pair() {
  const theirs = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({ name: 'tollgate_test_seconds', help: 'A test histogram.', labelNames: ['stream'], buckets: BUCKETS, registers: [theirs] });
  const fixed = new FixedHistogram('tollgate_test_seconds', 'A test histogram.', 'stream', BUCKETS, [ours]);
  const observe = (stream: boolean, seconds: number) => {
    histogram.observe({ stream: String(stream) }, seconds);
    fixed.observe(String(stream), seconds);
  };
  return { theirs, ours, observe, fixed };
}

describe('FixedHistogram', () => {
  it('exposes what prom-client exposes for the same observations, as text and as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.oneof(fc.double({ min: 0, max: 0.2, noNaN: true }), fc.constantFrom(...BUCKETS), fc.constant(5))), { maxLength: 60 }), async (observations) => {
        const { theirs, ours, observe } = pair();
        for (const [stream, seconds] of observations) observe(stream, seconds);
        expect(await ours.metrics()).toBe(await theirs.metrics());
        expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
      }),
      { numRuns: 300 },
    );
  });

  it('reads the same merged with another registry, as the relay serves it', async () => {
    const { theirs, ours, observe } = pair();
    observe(false, 0.0003);
    observe(true, 0.02);
    expect(await Registry.merge([ours]).metrics()).toBe(await Registry.merge([theirs]).metrics());
    expect(await ours.metrics()).toContain('tollgate_test_seconds_count{stream="true"} 1\n');
  });

  it('refuses a value that is not a number, as prom-client does', () => {
    const { fixed } = pair();
    expect(() => fixed.observe('false', Number.NaN)).toThrow(TypeError);
  });
});
