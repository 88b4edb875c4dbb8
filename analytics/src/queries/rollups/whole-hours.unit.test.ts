import { describe, expect, it } from 'vitest';
import { wholeHours } from './whole-hours.js';

describe('wholeHours', () => {
  it('keeps the hours whose every minute is in the range, both ends inclusive', () => {
    expect(wholeHours(3_600, 7_140)).toEqual({ firstHour: 3_600, lastHour: 3_600 });
    expect(wholeHours(3_601, 14_399)).toEqual({ firstHour: 7_200, lastHour: 10_800 });
  });

  it('finds none when the last minute of the first hour is outside the range', () => {
    expect(wholeHours(3_600, 7_139)).toBeNull();
    expect(wholeHours(100, 200)).toBeNull();
  });
});
