import { describe, expect, it } from 'vitest';
import { RepeatWatermarks } from './repeat-watermarks.js';

describe('RepeatWatermarks', () => {
  it('given a partition taken at offset 9, when batches start at 5, 9 and 10, then only those from 10 on are new', () => {
    const watermarks = new RepeatWatermarks();
    watermarks.taken(0, 9);
    expect([5, 9, 10].map((first) => watermarks.delivery(0, first).mayRepeat)).toEqual([true, true, false]);
  });

  it('given an empty partition taken, when the first batch arrives, then it is new', () => {
    const watermarks = new RepeatWatermarks();
    watermarks.taken(3, -1);
    expect(watermarks.delivery(3, 0)).toEqual({ mayRepeat: false });
  });

  it('given a batch 20..29 failed past the watermark, when it comes again, then it may repeat, and what follows it is new', () => {
    const watermarks = new RepeatWatermarks();
    watermarks.taken(0, 9);
    watermarks.failed(0, 29);
    expect(watermarks.delivery(0, 20).mayRepeat).toBe(true);
    expect(watermarks.delivery(0, 30).mayRepeat).toBe(false);
  });

  it('given a failure below the watermark, when it is recorded, then the watermark does not fall', () => {
    const watermarks = new RepeatWatermarks();
    watermarks.taken(0, 50);
    watermarks.failed(0, 10);
    expect(watermarks.delivery(0, 40).mayRepeat).toBe(true);
  });

  it('given partitions forgotten (a rebalance), when a batch arrives before the partition is taken again, then it may repeat', () => {
    const watermarks = new RepeatWatermarks();
    watermarks.taken(0, 9);
    watermarks.forgetAll();
    expect(watermarks.knows(0)).toBe(false);
    expect(watermarks.delivery(0, 100).mayRepeat).toBe(true);
  });
});
