import type { Options } from '../../ports/options.js';

/** new-api's later /api/status fields, read by its console (header docs link, quota display, legal links, modes). */
export function compatibilityStatus(options: Options) {
  const displayType = options.string('general_setting.quota_display_type');
  return {
    docs_link: options.string('general_setting.docs_link'),
    // new-api keeps display_in_currency for older consoles: money unless TOKENS.
    display_in_currency: displayType !== 'TOKENS' && options.boolean('DisplayInCurrencyEnabled'),
    quota_display_type: displayType,
    custom_currency_symbol: options.string('general_setting.custom_currency_symbol'),
    custom_currency_exchange_rate: options.number('general_setting.custom_currency_exchange_rate'),
    // new-api's yuan per dollar, which CNY display multiplies by: Tollgate's Price.
    usd_exchange_rate: Number(options.string('Price') || 7.3),
    display_token_stat_enabled: options.boolean('DisplayTokenStatEnabled'),
    user_agreement_enabled: options.string('legal.user_agreement').trim() !== '',
    privacy_policy_enabled: options.string('legal.privacy_policy').trim() !== '',
    self_use_mode_enabled: options.boolean('SelfUseModeEnabled'),
    demo_site_enabled: options.boolean('DemoSiteEnabled'),
    // A new key's group starts as `auto` in the console's form.
    default_use_auto_group: options.boolean('DefaultUseAutoGroup'),
    // What new-api's wallet shows per unit beside the Stripe button.
    stripe_unit_price: options.number('StripeUnitPrice'),
  };
}
