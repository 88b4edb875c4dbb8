import { describe, expect, it } from 'vitest';
import { HOUR_MINUTES, lastHour } from './traffic';

const NOW = Date.UTC(2026, 10, 26, 12, 30, 20);
const thisMinute = Math.floor(NOW / 60_000) * 60;

describe('lastHour', () => {
  it('has one point per minute of the last hour, oldest first, zero where nothing was called', () => {
    const hour = lastHour([], [], NOW);
    expect(hour.minutes).toHaveLength(HOUR_MINUTES);
    expect(hour.minutes.at(-1)).toBe(thisMinute);
    expect(hour.minutes[0]).toBe(thisMinute - 59 * 60);
    expect(hour.calls.every((calls) => calls === 0)).toBe(true);
  });

  it("takes older minutes from the rollup and the live board's minutes where it heard more, with its errors", () => {
    const history = [
      { minute: thisMinute - 600, calls: 9, tokens: 90, quota: 45 },
      { minute: thisMinute - 60, calls: 5, tokens: 50, quota: 25 },
      { minute: thisMinute, calls: 1, tokens: 10, quota: 5 },
    ];
    const live = [
      { minute: thisMinute - 60, calls: 2, errors: 1, tokens: 20, quota: 10 },
      { minute: thisMinute, calls: 3, errors: 2, tokens: 30, quota: 15 },
    ];
    const hour = lastHour(history, live, NOW);
    expect(hour.calls.slice(-11)).toEqual([9, 0, 0, 0, 0, 0, 0, 0, 0, 5, 3]);
    expect(hour.errors.slice(-2)).toEqual([1, 2]);
    expect(hour.quota.slice(-2)).toEqual([25, 15]);
  });
});
