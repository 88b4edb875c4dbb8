import type { Options } from '../ports/options.js';
import { creemProducts } from './creem-products.js';
import { amountOptions, epayMethods } from './pay-methods.js';

const allSet = (options: Options, names: string[]) => names.every((name) => options.string(name).trim() !== '');

/** Epay is offered with its merchant account set and a method to pay with (PayMethods), as new-api. */
export const epayEnabled = (options: Options) => allSet(options, ['PayAddress', 'EpayId', 'EpayKey']) && epayMethods(options).length > 0;

/** Stripe is offered when a checkout can be created (secret key, Price) and its webhook verified (webhook secret), as new-api. */
export const stripeEnabled = (options: Options) => allSet(options, ['StripeApiSecret', 'StripeWebhookSecret', 'StripePriceId']);

/**
 * Creem is offered when a checkout can be created (API key, a product) and its webhook verified.
 * new-api asks no webhook secret here and, in test mode, credits unsigned webhooks; Tollgate never
 * credits an unsigned one, so without the secret nothing bought could arrive.
 */
export const creemEnabled = (options: Options) => allSet(options, ['CreemApiKey', 'CreemWebhookSecret']) && creemProducts(options.string('CreemProducts')).length > 0;

/** GET /api/user/topup/info: what the wallet page may offer (new-api's fields). Waffo is not offered. */
export function topUpInfo(options: Options) {
  const epay = epayEnabled(options);
  const stripe = stripeEnabled(options);
  const creem = creemEnabled(options);
  const stripeMethod = { name: 'Stripe', type: 'stripe', color: '#635BFF', min_topup: String(options.number('StripeMinTopUp')) };
  return {
    enable_online_topup: epay, enable_stripe_topup: stripe, enable_creem_topup: creem, enable_waffo_topup: false,
    enable_redemption: true, pay_methods: [...(epay ? epayMethods(options) : []), ...(stripe ? [stripeMethod] : [])], min_topup: options.number('MinTopUp'),
    stripe_min_topup: options.number('StripeMinTopUp'), amount_options: amountOptions(options), discount: options.numberMap('payment_setting.amount_discount'),
    creem_products: creem ? options.string('CreemProducts') : '[]', topup_link: options.string('TopUpLink'),
  };
}
