import { describe, expect, it } from 'vitest';
import { formatQuota, shortNumber } from './quota';

describe('quota display', () => {
  it('shortens large numbers with k (1e4+), M (1e6+) and B (1e9+)', () => {
    expect(shortNumber(9999)).toBe('9999');
    expect(shortNumber(10_000)).toBe('10.00k');
    expect(shortNumber(12_500)).toBe('12.50k');
    expect(shortNumber(1_000_000)).toBe('1.00M');
    expect(shortNumber(2_000_000_000)).toBe('2.00B');
    expect(shortNumber(-25_000)).toBe('-25.00k');
  });

  it('shows dollars (quota / quota_per_unit) when the server displays currency', () => {
    expect(formatQuota(750_000, { displayInCurrency: true, quotaPerUnit: 500_000 })).toBe('$1.50');
    expect(formatQuota(0, { displayInCurrency: true, quotaPerUnit: 500_000 })).toBe('$0.00');
  });

  it('shows the raw number otherwise, or when quota_per_unit is not set', () => {
    expect(formatQuota(750_000, { displayInCurrency: false, quotaPerUnit: 500_000 })).toBe('750.00k');
    expect(formatQuota(500, { displayInCurrency: true, quotaPerUnit: 0 })).toBe('500');
  });
});
