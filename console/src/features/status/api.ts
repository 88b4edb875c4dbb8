import { api } from '../../api/client';

/** The server status object of the spec (the fields the console reads so far). */
export interface ServerStatus {
  version?: string;
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  enable_drawing: boolean;
  mj_notify_enabled?: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  /** The dashboard's default bucket (DataExportDefaultTime): hour, day or week. */
  data_export_default_time?: string;
  /** Minutes between the dashboard's refreshes (DataExportInterval). */
  data_export_interval?: number;
  default_collapse_sidebar: boolean;
  email_verification: boolean;
  /** RegisterEnabled, PasswordLoginEnabled, PasswordRegisterEnabled; absent (an older server) reads as on. */
  register_enabled?: boolean;
  password_login_enabled?: boolean;
  password_register_enabled?: boolean;
  chat_link?: string;
  chat_link2?: string;
  /** The `Chats` option: a list of { name: link template } with {key} and {address} placeholders. */
  chats?: Record<string, string>[];
  top_up_link?: string;
  server_address?: string;
  min_topup?: number;
  enable_online_topup?: boolean;
  turnstile_check?: boolean;
  turnstile_site_key?: string;
  github_oauth?: boolean;
  github_client_id?: string;
  /** GitHub's authorize page (a stand-in in tests). */
  github_authorize_url?: string;
  linuxdo_oauth?: boolean;
  linuxdo_client_id?: string;
  linuxdo_authorize_url?: string;
  oidc_enabled?: boolean;
  oidc_client_id?: string;
  /** The provider's authorize page (the option, else its discovery document's). */
  oidc_authorization_endpoint?: string;
  wechat_login?: boolean;
  wechat_qrcode?: string;
  telegram_oauth?: boolean;
  telegram_bot_name?: string;
  /** general_setting.docs_link: a docs link in the header; empty shows none. */
  docs_link?: string;
  /** general_setting.quota_display_type: USD, CNY, TOKENS or CUSTOM (new-api's values). */
  quota_display_type?: string;
  custom_currency_symbol?: string;
  custom_currency_exchange_rate?: number;
  /** Yuan per dollar, for CNY display. */
  usd_exchange_rate?: number;
  /** legal.user_agreement and legal.privacy_policy are set: their pages and links show. */
  user_agreement_enabled?: boolean;
  privacy_policy_enabled?: boolean;
  self_use_mode_enabled?: boolean;
  demo_site_enabled?: boolean;
}

export const statusApi = {
  /** Quiet: the layout shows its own "cannot reach the server" banner instead of a toast. */
  status: (signal?: AbortSignal) => api<ServerStatus>('GET', '/api/status', undefined, { signal, quiet: true }),
};
