import type { OptionCache } from '../options/option-cache.js';

/** How a statement turns quota into money: the options at the time of the download. */
export interface MoneyRate {
  /** Quota to the dollar (QuotaPerUnit). */
  quotaPerUnit: number;
  /** Currency units to the dollar (Price, what an online top-up charges per dollar). */
  price: number;
}

export function moneyRateOf(options: OptionCache): MoneyRate {
  return { quotaPerUnit: options.number('QuotaPerUnit') || 500_000, price: options.number('Price') };
}

/** Six decimals, as new-api writes dollars into log text. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function priced(rate: MoneyRate, quota: number): { usd: number; money: number } {
  const usd = quota / rate.quotaPerUnit;
  return { usd: round6(usd), money: round6(usd * rate.price) };
}
