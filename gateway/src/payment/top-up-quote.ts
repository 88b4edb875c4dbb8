import type { Options } from '../ports/options.js';
import { amountDiscount } from './pay-methods.js';

/** `amount` in currency units: as is when quotas are shown in currency, otherwise quota divided by QuotaPerUnit. */
export function topUpUnits(options: Options, amount: number): number {
  return options.boolean('DisplayInCurrencyEnabled') ? amount : amount / options.number('QuotaPerUnit');
}

/**
 * What a top-up of `amount` costs, as new-api's getPayMoney prices it: its currency units × the
 * unit price (Price for Epay, StripeUnitPrice for Stripe) × the group's top-up ratio
 * (TopupGroupRatio, 1 when unset) × the amount's discount (payment_setting.amount_discount, keyed
 * by the amount asked, 1 when unset).
 */
export function payMoney(options: Options, amount: number, group: string, unitPrice = options.number('Price')): number {
  const groupRatio = options.numberMap('TopupGroupRatio')[group] || 1;
  return topUpUnits(options, amount) * unitPrice * groupRatio * amountDiscount(options, amount);
}

/** The smallest amount a user may ask for, in the same unit as `amount` (MinTopUp, or StripeMinTopUp for Stripe). */
export function minTopUp(options: Options, min = options.number('MinTopUp')): number {
  return options.boolean('DisplayInCurrencyEnabled') ? min : Math.floor(min * options.number('QuotaPerUnit'));
}
