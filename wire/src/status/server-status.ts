import { z } from 'zod/mini';

/** The `Chats` option as /api/status hands it on: a list of { name: link template } ({key} and {address} placeholders). */
export const chatLinksSchema = z.array(z.record(z.string(), z.string()));

/**
 * GET /api/status's `data` (spec: server status object), new-api's field names: what every console
 * keeps in localStorage and reads its switches, branding and sign-in buttons from. Public: it
 * carries no secret (the payment key, OAuth secrets stay on the server).
 */
export const serverStatusSchema = z.object({
  version: z.string(),
  /** Seconds since the epoch: when this gateway started. */
  start_time: z.int(),
  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  quota_per_unit: z.number(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  /** The dashboard's default bucket (DataExportDefaultTime): hour, day or week. */
  data_export_default_time: z.string(),
  /** Minutes between the dashboard's refreshes (DataExportInterval). */
  data_export_interval: z.number(),
  default_collapse_sidebar: z.boolean(),
  mj_notify_enabled: z.boolean(),
  chats: chatLinksSchema,
  chat_link: z.string(),
  chat_link2: z.string(),
  /** False until the first-run wizard (POST /api/setup) has named root: new-api's console then opens it. */
  setup: z.boolean(),
  register_enabled: z.boolean(),
  password_login_enabled: z.boolean(),
  password_register_enabled: z.boolean(),
  email_verification: z.boolean(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  /** GitHub's authorize page (a stand-in in tests). */
  github_authorize_url: z.string(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  telegram_oauth: z.boolean(),
  telegram_bot_name: z.string(),
  linuxdo_oauth: z.boolean(),
  linuxdo_client_id: z.string(),
  linuxdo_authorize_url: z.string(),
  oidc_enabled: z.boolean(),
  oidc_client_id: z.string(),
  /** The provider's authorize page (the option, else its discovery document's; '' when unknown). */
  oidc_authorization_endpoint: z.string(),
  server_address: z.string(),
  top_up_link: z.string(),
  /** Yuan per dollar of top-up (Price). */
  price: z.number(),
  min_topup: z.number(),
  /** PayAddress, EpayId and EpayKey are all set. */
  enable_online_topup: z.boolean(),
  // new-api's later fields, read by its console (header docs link, quota display, legal links, modes).
  /** general_setting.docs_link: a docs link in the header; empty shows none. */
  docs_link: z.string(),
  /** Kept for older consoles: money unless the display type is TOKENS. */
  display_in_currency: z.boolean(),
  /** general_setting.quota_display_type: one of `QuotaDisplayType` (an unknown one reads as USD). */
  quota_display_type: z.string(),
  custom_currency_symbol: z.string(),
  custom_currency_exchange_rate: z.number(),
  /** Yuan per dollar, for CNY display. */
  usd_exchange_rate: z.number(),
  display_token_stat_enabled: z.boolean(),
  /** legal.user_agreement and legal.privacy_policy are set: their pages and links show. */
  user_agreement_enabled: z.boolean(),
  privacy_policy_enabled: z.boolean(),
  self_use_mode_enabled: z.boolean(),
  demo_site_enabled: z.boolean(),
  /** DefaultUseAutoGroup: a new key's group starts as `auto`. */
  default_use_auto_group: z.boolean(),
  /** StripeUnitPrice: the price per unit new-api's wallet shows for Stripe. */
  stripe_unit_price: z.number(),
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;

/** new-api's general_setting.quota_display_type values. */
export const QuotaDisplayType = { USD: 'USD', CNY: 'CNY', Tokens: 'TOKENS', Custom: 'CUSTOM' } as const;
export type QuotaDisplayType = (typeof QuotaDisplayType)[keyof typeof QuotaDisplayType];
