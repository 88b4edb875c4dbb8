import { describe, expect, it } from 'vitest';
import { AffinityLookupTally } from './affinity-lookup-tally.js';

describe('affinity lookup tally', () => {
  it('holds a bounded number of rules, dropping the one counted first; drain hands the counts over once', () => {
    const tally = new AffinityLookupTally();
    for (let i = 0; i < 1_000; i++) tally.count(`rule-${i}`, i % 2 === 0);
    expect(tally.size).toBe(200);
    const counts = tally.snapshot();
    expect(counts['rule-0']).toBeUndefined();
    expect([counts['rule-998'], counts['rule-999']]).toEqual([{ hits: 1, misses: 0 }, { hits: 0, misses: 1 }]);
    expect(Object.keys(tally.drain())).toHaveLength(200);
    expect(tally.drain()).toEqual({});
  });
});
