import { describe, expect, it } from 'vitest';
import { quotaCrossing } from './quota-reminder.js';

describe('quotaCrossing', () => {
  it('is low for the one charge that takes the balance below the threshold', () => {
    expect(quotaCrossing(1000, 999, 1000)).toBe('low');
    expect(quotaCrossing(1500, 20, 1000)).toBe('low');
  });

  it('is nothing for charges that stay above, or that were already below', () => {
    expect(quotaCrossing(5000, 1000, 1000)).toBeNull();
    expect(quotaCrossing(999, 500, 1000)).toBeNull();
  });

  it('is exhausted when the charge spends the last of the balance, whatever the threshold', () => {
    expect(quotaCrossing(40, 0, 1000)).toBe('exhausted');
    expect(quotaCrossing(40, -8, 0)).toBe('exhausted');
    expect(quotaCrossing(0, -8, 1000)).toBeNull();
  });

  it('never reminds with the threshold at 0, until the balance runs out', () => {
    expect(quotaCrossing(100, 1, 0)).toBeNull();
  });
});
