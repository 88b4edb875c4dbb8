import { describe, expect, it } from 'vitest';
import { formatQuota, shortNumber } from './quota';

describe('quota display', () => {
  it('shortens large numbers with k, M and B', () => {
    expect(shortNumber(9999)).toBe('9999');
    expect(shortNumber(12_500)).toBe('12.50k');
    expect(shortNumber(3_000_000)).toBe('3.00M');
    expect(shortNumber(2_000_000_000)).toBe('2.00B');
  });

  it('shows dollars when the server displays currency', () => {
    expect(formatQuota(750_000, { displayInCurrency: true, quotaPerUnit: 500_000 })).toBe('$1.50');
    expect(formatQuota(750_000, { displayInCurrency: false, quotaPerUnit: 500_000 })).toBe('750.00k');
  });
});
