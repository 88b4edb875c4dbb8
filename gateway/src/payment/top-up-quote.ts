import type { Options } from '../ports/options.js';

/**
 * What a top-up of `amount` costs, as new-api prices it: amount × the unit price (Price for Epay,
 * StripeUnitPrice for Stripe) × the group's top-up ratio (TopupGroupRatio, 1 when unset). The
 * amount is in currency units when quotas are shown in currency, otherwise in quota, which is
 * first divided by QuotaPerUnit.
 */
export function topUpUnits(options: Options, amount: number): number {
  return options.boolean('DisplayInCurrencyEnabled') ? amount : amount / options.number('QuotaPerUnit');
}

export function payMoney(options: Options, amount: number, group: string, unitPrice = options.number('Price')): number {
  const groupRatio = options.numberMap('TopupGroupRatio')[group] || 1;
  return topUpUnits(options, amount) * unitPrice * groupRatio;
}

/** The smallest amount a user may ask for, in the same unit as `amount` (MinTopUp, or StripeMinTopUp for Stripe). */
export function minTopUp(options: Options, min = options.number('MinTopUp')): number {
  return options.boolean('DisplayInCurrencyEnabled') ? min : Math.floor(min * options.number('QuotaPerUnit'));
}
