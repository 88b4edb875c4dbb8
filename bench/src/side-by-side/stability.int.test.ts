// Pure, but the bench's tests run in the int project only (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { cpuRow, minuteRps, stabilityRow, type TimedRound } from './stability.js';

/** A round every 45 s (15 s at c=64 and 7.5 s at c=1 per side), as a 14-round run has them. */
const rounds = (rps: (i: number) => number, cpuPerCallUs?: (i: number) => number): TimedRound[] =>
  Array.from({ length: 14 }, (_, i) => ({
    startedAtS: 45 * i,
    rps: rps(i),
    calls: rps(i) * 15,
    ...(cpuPerCallUs ? { cpuSeconds: (cpuPerCallUs(i) * rps(i) * 15) / 1e6 } : {}),
  }));

describe("the saturation measure's stability part", () => {
  it("compares the rounds that began in the run's first minute with those that began in its last", () => {
    const falling = rounds((i) => 4000 - 100 * i);
    // First minute: rounds at 0 s and 45 s (4000, 3900); last: at 540 s and 585 s (2800, 2700).
    expect(minuteRps(falling, 'first')).toBe(3950);
    expect(minuteRps(falling, 'last')).toBe(2750);
    const row = stabilityRow(rounds(() => 10_000), falling);
    expect(row).toMatchObject({ direct: '100% (bare relay)', tollgate: '70%', met: false });
    expect(stabilityRow(rounds(() => 10_000), rounds(() => 3000)).met).toBe(true);
  });

  it("reports CPU a call against the bare relay's at both ends, and nothing where the CPU was not read", () => {
    const row = cpuRow(rounds(() => 10_000, () => 100), rounds(() => 3000, (i) => 300 + 10 * i));
    expect(row).toEqual([expect.objectContaining({ direct: '100 -> 100', tollgate: '305 -> 425', added: "3.05x -> 4.25x the bare relay's" })]);
    expect(cpuRow(rounds(() => 10_000), rounds(() => 3000))).toEqual([]);
  });
});
