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

  it('general_setting.quota_display_type: USD in dollars, CNY in yuan at the exchange rate, CUSTOM with its symbol and rate (general_setting.custom_currency_symbol, general_setting.custom_currency_exchange_rate), TOKENS as the number', () => {
    const base = { displayInCurrency: true, quotaPerUnit: 500_000 };
    expect(formatQuota(750_000, { ...base, type: 'USD' })).toBe('$1.50');
    expect(formatQuota(750_000, { ...base, type: 'CNY', perDollar: 7.2 })).toBe('¥10.80');
    expect(formatQuota(750_000, { ...base, type: 'CUSTOM', symbol: '€', perDollar: 0.9 })).toBe('€1.35');
    expect(formatQuota(750_000, { ...base, type: 'TOKENS' })).toBe('750.00k');
  });
});
