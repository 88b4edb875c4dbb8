import type { Options } from '../ports/options.js';

/** How a statement turns quota into money: the options at the time of the download. */
export interface MoneyRate {
  /** Quota to the dollar (QuotaPerUnit). */
  quotaPerUnit: number;
  /** Units of `currency` to the dollar. */
  perDollar: number;
  /** What `money` is counted in: USD, CNY, or the custom currency's symbol. */
  currency: string;
}

/**
 * The currency the console shows quota in (general_setting.quota_display_type, as new-api): CNY at
 * Price yuan to the dollar, CUSTOM at its own symbol and rate; USD otherwise (TOKENS shows no money,
 * but a statement still carries some, so it falls back to dollars).
 */
export function moneyRateOf(options: Options): MoneyRate {
  const quotaPerUnit = options.number('QuotaPerUnit') || 500_000;
  switch (options.string('general_setting.quota_display_type')) {
    case 'CNY':
      return { quotaPerUnit, perDollar: options.number('Price'), currency: 'CNY' };
    case 'CUSTOM':
      return { quotaPerUnit, perDollar: options.number('general_setting.custom_currency_exchange_rate'), currency: options.string('general_setting.custom_currency_symbol') };
    default:
      return { quotaPerUnit, perDollar: 1, currency: 'USD' };
  }
}

/** Six decimals, as new-api writes dollars into log text. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function priced(rate: MoneyRate, quota: number): { usd: number; money: number; currency: string } {
  const usd = quota / rate.quotaPerUnit;
  return { usd: round6(usd), money: round6(usd * rate.perDollar), currency: rate.currency };
}
