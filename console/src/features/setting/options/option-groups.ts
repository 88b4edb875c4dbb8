import type { MessageKey } from '../../../i18n/zh';

/** How an option is edited: its wire value is always a string ("true"/"false" for switches). */
export type OptionKind = 'text' | 'number' | 'textarea' | 'json' | 'switch' | 'secret' | 'choice';

export interface OptionField {
  key: string;
  kind: OptionKind;
  /** The values a `choice` may take. */
  choices?: string[];
}

/** A checked precondition of a whole group, e.g. payment needs the server address. */
export type GroupRule = 'needsServerAddress';

export interface OptionGroup {
  id: string;
  title: MessageKey;
  fields: OptionField[];
  rule?: GroupRule;
}

const of = (kind: OptionKind, ...keys: string[]): OptionField[] => keys.map((key) => ({ key, kind }));

/** The operation tab: general, drawing and tasks, sensitive words, logs, data export, monitoring, quota, ratios, chats. */
export const operationGroups: OptionGroup[] = [
  {
    id: 'general',
    title: 'option.general',
    fields: [
      ...of('text', 'TopUpLink', 'ChatLink', 'ChatLink2', 'general_setting.docs_link'),
      ...of('number', 'QuotaPerUnit', 'RetryTimes', 'StreamFirstByteTimeoutSeconds', 'token_setting.max_user_tokens'),
      { key: 'general_setting.quota_display_type', kind: 'choice', choices: ['USD', 'CNY', 'TOKENS', 'CUSTOM'] },
      ...of('text', 'general_setting.custom_currency_symbol'),
      ...of('number', 'general_setting.custom_currency_exchange_rate'),
      ...of('switch', 'DisplayInCurrencyEnabled', 'DisplayTokenStatEnabled', 'DefaultCollapseSidebar', 'global.pass_through_request_enabled'),
    ],
  },
  { id: 'modes', title: 'option.modes', fields: of('switch', 'SelfUseModeEnabled', 'DemoSiteEnabled') },
  {
    id: 'rate-limit',
    title: 'option.rateLimit',
    fields: [
      ...of('switch', 'ModelRequestRateLimitEnabled'),
      ...of('number', 'ModelRequestRateLimitDurationMinutes', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount'),
      ...of('json', 'ModelRequestRateLimitGroup'),
    ],
  },
  { id: 'drawing', title: 'option.drawing', fields: of('switch', 'DrawingEnabled', 'MjNotifyEnabled', 'TaskEnabled') },
  { id: 'sensitive', title: 'option.sensitive', fields: [...of('switch', 'CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'StopOnSensitiveEnabled'), ...of('textarea', 'SensitiveWords')] },
  { id: 'log', title: 'option.log', fields: [...of('switch', 'LogConsumeEnabled'), ...of('number', 'LogRetentionDays')] },
  { id: 'export', title: 'option.export', fields: [...of('switch', 'DataExportEnabled'), ...of('number', 'DataExportInterval'), ...of('text', 'DataExportDefaultTime')] },
  {
    id: 'monitor',
    title: 'option.monitor',
    fields: [
      ...of('number', 'ChannelDisableThreshold', 'QuotaRemindThreshold'),
      ...of('switch', 'AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled'),
      ...of('text', 'AutomaticDisableStatusCodes', 'AutomaticRetryStatusCodes'),
      ...of('textarea', 'AutomaticDisableKeywords'),
    ],
  },
  {
    id: 'breaker',
    title: 'option.breaker',
    fields: of('number', 'CircuitBreakerFailureThreshold', 'CircuitBreakerWindowSeconds', 'CircuitBreakerCoolDownSeconds', 'CircuitBreakerMaxCoolDownSeconds'),
  },
  {
    id: 'affinity',
    title: 'option.affinity',
    fields: [
      ...of('switch', 'channel_affinity_setting.enabled', 'channel_affinity_setting.switch_on_success'),
      ...of('number', 'channel_affinity_setting.max_entries', 'channel_affinity_setting.default_ttl_seconds'),
      ...of('json', 'channel_affinity_setting.rules'),
    ],
  },
  { id: 'quota', title: 'option.quota', fields: of('number', 'QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee') },
  { id: 'ratio', title: 'option.ratio', fields: [...of('json', 'ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'CreateCacheRatio', 'AudioRatio', 'AudioCompletionRatio', 'ImageRatio', 'ModelMaxOutputTokens', 'GroupRatio', 'GroupGroupRatio', 'UserUsableGroups', 'group_ratio_setting.group_special_usable_group', 'AutoGroups', 'billing_setting.billing_mode', 'billing_setting.billing_expr', 'tool_price_setting.prices'), ...of('switch', 'DefaultUseAutoGroup', 'ExposeRatioEnabled')] },
  { id: 'chats', title: 'option.chats', fields: of('json', 'Chats') },
];

/** The system tab: server address, payment, login and registration switches, SMTP, OAuth and Turnstile credentials, the fetch policy. */
export const systemGroups: OptionGroup[] = [
  { id: 'server', title: 'option.server', fields: of('text', 'ServerAddress', 'WorkerUrl').concat(of('secret', 'WorkerValidKey')) },
  {
    id: 'payment',
    title: 'option.payment',
    rule: 'needsServerAddress',
    fields: [
      ...of('text', 'PayAddress', 'EpayId'), ...of('secret', 'EpayKey'), ...of('number', 'Price', 'MinTopUp'), ...of('json', 'TopupGroupRatio'), ...of('text', 'CustomCallbackAddress'),
      // new-api's Epay settings: the methods offered (only these reach Epay), the amount buttons and per-amount price factors.
      ...of('json', 'PayMethods', 'payment_setting.amount_options', 'payment_setting.amount_discount'),
    ],
  },
  {
    id: 'stripe',
    title: 'option.stripe',
    // Stripe sends the buyer back to <ServerAddress>/log; the webhook endpoint is <ServerAddress>/api/stripe/webhook.
    rule: 'needsServerAddress',
    fields: [...of('secret', 'StripeApiSecret', 'StripeWebhookSecret'), ...of('text', 'StripePriceId'), ...of('number', 'StripeUnitPrice', 'StripeMinTopUp'), ...of('switch', 'StripePromotionCodesEnabled')],
  },
  {
    id: 'creem',
    title: 'option.creem',
    fields: [...of('secret', 'CreemApiKey', 'CreemWebhookSecret'), ...of('json', 'CreemProducts'), ...of('switch', 'CreemTestMode')],
  },
  {
    id: 'login',
    title: 'option.login',
    fields: [
      ...of('switch', 'PasswordLoginEnabled', 'PasswordRegisterEnabled', 'EmailVerificationEnabled', 'RegisterEnabled', 'EmailDomainRestrictionEnabled', 'TwoFactorRequiredForAdmins'),
      ...of('textarea', 'EmailDomainWhitelist'),
      ...of('switch', 'GitHubOAuthEnabled', 'LinuxDOOAuthEnabled', 'WeChatAuthEnabled', 'TelegramOAuthEnabled', 'TurnstileCheckEnabled'),
    ],
  },
  { id: 'smtp', title: 'option.smtp', fields: [...of('text', 'SMTPServer'), ...of('number', 'SMTPPort'), ...of('text', 'SMTPAccount', 'SMTPFrom'), ...of('secret', 'SMTPToken')] },
  {
    id: 'oauth',
    title: 'option.oauth',
    fields: [
      ...of('text', 'GitHubClientId'), ...of('secret', 'GitHubClientSecret'),
      ...of('text', 'LinuxDOClientId'), ...of('secret', 'LinuxDOClientSecret'),
      ...of('text', 'WeChatServerAddress'), ...of('secret', 'WeChatServerToken'), ...of('text', 'WeChatAccountQRCodeImageURL'),
      ...of('text', 'TelegramBotName'), ...of('secret', 'TelegramBotToken'),
    ],
  },
  {
    id: 'oidc',
    title: 'option.oidc',
    // The provider sends the browser back to <ServerAddress>/oauth/oidc, and the code exchange names it.
    rule: 'needsServerAddress',
    // The client id before the switch: the server refuses the switch while the id is empty.
    fields: [
      ...of('text', 'oidc.client_id'), ...of('secret', 'oidc.client_secret'),
      ...of('text', 'oidc.well_known', 'oidc.authorization_endpoint', 'oidc.token_endpoint', 'oidc.user_info_endpoint'),
      ...of('switch', 'oidc.enabled'),
    ],
  },
  { id: 'turnstile', title: 'option.turnstile', fields: [...of('text', 'TurnstileSiteKey'), ...of('secret', 'TurnstileSecretKey')] },
  {
    id: 'ssrf',
    title: 'option.ssrf',
    fields: [
      ...of('switch', 'fetch_setting.enable_ssrf_protection', 'fetch_setting.allow_private_ip', 'fetch_setting.domain_filter_mode', 'fetch_setting.ip_filter_mode', 'fetch_setting.apply_ip_filter_for_domain'),
      ...of('json', 'fetch_setting.domain_list', 'fetch_setting.ip_list', 'fetch_setting.allowed_ports'),
    ],
  },
];

/** The other tab: the notice and the branding of the site. */
export const otherGroups: OptionGroup[] = [
  { id: 'notice', title: 'option.notice', fields: of('textarea', 'Notice') },
  { id: 'branding', title: 'option.branding', fields: [...of('text', 'SystemName', 'Logo'), ...of('textarea', 'HomePageContent', 'About', 'Footer')] },
  { id: 'legal', title: 'option.legal', fields: of('textarea', 'legal.user_agreement', 'legal.privacy_policy') },
];
