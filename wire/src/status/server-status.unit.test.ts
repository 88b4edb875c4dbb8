import { describe, expect, it } from 'vitest';
import { type ServerStatus, serverStatusSchema } from './server-status.js';

/** A real answer of GET /api/status (`data`), from the gateway's int harness (routes/api/wire-answers.int.test.ts checks it live). */
const answered: ServerStatus = {
  version: 'v0.1.0', start_time: 1_795_962_888, system_name: 'Acme AI', logo: '/logo.png', footer_html: '', quota_per_unit: 500_000, enable_drawing: false,
  enable_task: false, enable_data_export: true, data_export_default_time: 'hour', data_export_interval: 5, default_collapse_sidebar: false,
  mj_notify_enabled: false, chats: [], chat_link: '', chat_link2: '', setup: false, register_enabled: true, password_login_enabled: true,
  password_register_enabled: true, email_verification: false, turnstile_check: false, turnstile_site_key: '', github_oauth: false, github_client_id: '',
  wechat_login: false, wechat_qrcode: '', telegram_oauth: false, telegram_bot_name: '', linuxdo_oauth: false, linuxdo_client_id: '', oidc_enabled: false,
  oidc_client_id: '', server_address: '', top_up_link: '', price: 7.3, min_topup: 1, enable_online_topup: false, docs_link: '', display_in_currency: true,
  quota_display_type: 'USD', custom_currency_symbol: '¤', custom_currency_exchange_rate: 1, usd_exchange_rate: 7.3, display_token_stat_enabled: true,
  user_agreement_enabled: false, privacy_policy_enabled: false, self_use_mode_enabled: false, demo_site_enabled: false, default_use_auto_group: false, stripe_unit_price: 8, oidc_authorization_endpoint: '',
  github_authorize_url: 'https://github.com/login/oauth/authorize', linuxdo_authorize_url: 'https://connect.linux.do/oauth2/authorize',
};

describe('server status', () => {
  it('parses a real answer, through JSON, unchanged', () => {
    expect(serverStatusSchema.parse(JSON.parse(JSON.stringify(answered)))).toEqual(answered);
  });

  it('refuses a renamed, missing or retyped field (an older console name, a switch sent as text)', () => {
    const { register_enabled, ...withoutRegister } = answered;
    expect(serverStatusSchema.safeParse({ ...withoutRegister, RegisterEnabled: register_enabled }).success).toBe(false);
    expect(serverStatusSchema.safeParse({ ...answered, quota_per_unit: '500000' }).success).toBe(false);
    expect(serverStatusSchema.safeParse({ ...answered, enable_task: 'true' }).success).toBe(false);
  });

  it('refuses chats that are not a list of name -> link template', () => {
    expect(serverStatusSchema.safeParse({ ...answered, chats: [{ NextChat: 'https://chat.example/?key={key}' }] }).success).toBe(true);
    expect(serverStatusSchema.safeParse({ ...answered, chats: { NextChat: 'https://chat.example' } }).success).toBe(false);
    expect(serverStatusSchema.safeParse({ ...answered, chats: [{ NextChat: 1 }] }).success).toBe(false);
  });
});
