import { defaultAffinityRules } from '../channels/affinity/affinity-setting.js';
import { defaultCacheRatio, defaultCompletionRatio, defaultCreateCacheRatio, defaultModelRatio } from '../billing/default-prices.js';
import { defaultModelMaxOutputTokens } from '../billing/default-output-limits.js';
import { DEFAULT_TASK_PRICES } from '../billing/default-task-prices.js';
import { compatibilityDefaults } from './compatibility-defaults.js';
import { DEFAULT_PAY_METHODS } from '../payment/pay-methods.js';

/**
 * Defaults of the options this build acts on. Ratios: a model ratio of 1 prices prompt tokens
 * at $2 per 1M (spec §9); QuotaPerUnit = quota per dollar.
 */
export const optionDefaults = {
  SystemName: 'Tollgate',
  Logo: '/logo.png',
  Footer: '',
  Notice: '',
  HomePageContent: '',
  About: '',
  ServerAddress: '',
  TopUpLink: '',
  PayAddress: '',
  CustomCallbackAddress: '',
  EpayId: '',
  EpayKey: '',
  Price: '7.3',
  MinTopUp: '1',
  TopupGroupRatio: JSON.stringify({ default: 1, vip: 1, svip: 1 }),
  /** The Epay methods the top-up and plans pages offer; a method not listed is refused (new-api's ContainsPayMethod). */
  PayMethods: JSON.stringify(DEFAULT_PAY_METHODS),
  /** The amounts the top-up page offers as buttons. */
  'payment_setting.amount_options': '[]',
  /** A price factor for a top-up of exactly an amount, {"100": 0.95}: Epay's and Stripe's quotes and orders. */
  'payment_setting.amount_discount': '{}',
  /** new-api's payment compliance record, written only by POST /api/option/payment_compliance (who, when, from where). */
  'payment_setting.compliance_confirmed': 'false',
  'payment_setting.compliance_terms_version': '',
  'payment_setting.compliance_confirmed_at': '0',
  'payment_setting.compliance_confirmed_by': '0',
  'payment_setting.compliance_confirmed_ip': '',
  /** Stripe top-up (new-api's names and defaults): on when the secret key, the webhook secret and the Price are set. */
  StripeApiSecret: '',
  StripeWebhookSecret: '',
  /** The Stripe Price a checkout buys `amount` of. */
  StripePriceId: '',
  /** What one unit costs, for the quote (/api/user/stripe/amount); Stripe charges the Price's own amount. */
  StripeUnitPrice: '8.0',
  StripeMinTopUp: '1',
  StripePromotionCodesEnabled: 'false',
  /** Creem top-up: on when the API key, the webhook secret and at least one product are set. */
  CreemApiKey: '',
  CreemWebhookSecret: '',
  /** JSON: [{"productId","name","price","currency","quota"}]. */
  CreemProducts: '[]',
  /** Checkouts go to Creem's test API. */
  CreemTestMode: 'false',
  ChatLink: '',
  ChatLink2: '',
  Chats: '[]',
  QuotaPerUnit: '500000',
  DisplayInCurrencyEnabled: 'true',
  DisplayTokenStatEnabled: 'true',
  DefaultCollapseSidebar: 'false',
  DrawingEnabled: 'false',
  TaskEnabled: 'false',
  DataExportEnabled: 'true',
  DataExportDefaultTime: 'hour',
  DataExportInterval: '5',
  MjNotifyEnabled: 'false',
  MjAccountFilterEnabled: 'false',
  MjModeClearEnabled: 'false',
  MjForwardUrlEnabled: 'true',
  MjActionCheckSuccessEnabled: 'true',
  WorkerUrl: '',
  WorkerValidKey: '',
  /** Set by the first-run wizard (POST /api/setup) or an INITIAL_ROOT_PASSWORD at start; never by PUT /api/option. */
  SetupCompleted: 'false',
  RegisterEnabled: 'true',
  PasswordLoginEnabled: 'true',
  /** Administrators and root must enable two-factor sign-in before any administrator call. */
  TwoFactorRequiredForAdmins: 'false',
  PasswordRegisterEnabled: 'true',
  EmailVerificationEnabled: 'false',
  EmailDomainRestrictionEnabled: 'false',
  /** A comma list of the domains that may receive codes when the restriction is on (new-api's default list). */
  EmailDomainWhitelist: 'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  SMTPServer: '',
  SMTPPort: '587',
  SMTPAccount: '',
  SMTPFrom: '',
  SMTPToken: '',
  TurnstileCheckEnabled: 'false',
  TurnstileSiteKey: '',
  GitHubOAuthEnabled: 'false',
  GitHubClientId: '',
  WeChatAuthEnabled: 'false',
  WeChatAccountQRCodeImageURL: '',
  TelegramOAuthEnabled: 'false',
  TelegramBotName: '',
  LinuxDOOAuthEnabled: 'false',
  LinuxDOClientId: '',
  GitHubClientSecret: '',
  LinuxDOClientSecret: '',
  /** OIDC sign-in (new-api's `oidc.*`): the discovery document names the issuer and the JWKS that ID tokens are checked against. */
  'oidc.enabled': 'false',
  'oidc.client_id': '',
  'oidc.client_secret': '',
  'oidc.well_known': '',
  /** Set, these three win over the discovery document's; empty, its values are used. */
  'oidc.authorization_endpoint': '',
  'oidc.token_endpoint': '',
  'oidc.user_info_endpoint': '',
  /** new-api's WeChat server, which turns an official-account code into a WeChat id. */
  WeChatServerAddress: '',
  WeChatServerToken: '',
  TelegramBotToken: '',
  TurnstileSecretKey: '',
  LogConsumeEnabled: 'true',
  /** Days a log row is kept; older rows are deleted hourly. 0 keeps every row. */
  LogRetentionDays: '0',
  RetryTimes: '0',
  /** Seconds a streamed answer may take to its first byte before the call goes to the next channel (as RetryTimes allows); 0: no limit. */
  StreamFirstByteTimeoutSeconds: '0',
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  /** Minutes between periodic tests of all channels, and between balance updates; 0 turns each off. */
  ChannelTestFrequency: '0',
  ChannelUpdateFrequency: '0',
  /** Minutes between scheduled runs of the ledger's proof (balances and consumption against the log); 0 turns it off. */
  LedgerAuditFrequency: '1440',
  /** Seconds a channel test may take before the test-all run disables the channel. */
  ChannelDisableThreshold: '5',
  /**
   * The channels' circuit breaker (Tollgate's own; new-api has none): this many failures of a
   * channel within CircuitBreakerWindowSeconds skip it for CircuitBreakerCoolDownSeconds, then one
   * call probes it; each failed probe doubles the cool-down up to CircuitBreakerMaxCoolDownSeconds.
   * 0 turns the breaker off, as new-api behaves.
   */
  CircuitBreakerFailureThreshold: '0',
  CircuitBreakerWindowSeconds: '60',
  CircuitBreakerCoolDownSeconds: '30',
  CircuitBreakerMaxCoolDownSeconds: '600',
  QuotaForNewUser: '0',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',
  /** Prompt tokens a hold's worst case counts at least: a margin for what the rough count misses; never refuses a call. */
  PreConsumedQuota: '500',
  /** A user whose balance falls below this gets one reminder mail (new-api's default). */
  QuotaRemindThreshold: '1000',
  ModelRatio: JSON.stringify(defaultModelRatio),
  CompletionRatio: JSON.stringify(defaultCompletionRatio),
  CacheRatio: JSON.stringify(defaultCacheRatio),
  CreateCacheRatio: JSON.stringify(defaultCreateCacheRatio),
  AudioRatio: '{}',
  AudioCompletionRatio: '{}',
  /** The most output tokens a model answers with: bounds the hold of a call that sets no limit of its own. */
  ModelMaxOutputTokens: JSON.stringify(defaultModelMaxOutputTokens),
  ModelPrice: JSON.stringify(DEFAULT_TASK_PRICES),
  // Whether GET /api/ratio_config shows the ratios to anyone (another gateway's upstream ratio sync reads it).
  ExposeRatioEnabled: 'false',
  CheckSensitiveEnabled: 'true',
  CheckSensitiveOnPromptEnabled: 'true',
  StopOnSensitiveEnabled: 'true',
  SensitiveWords: '',
  GroupRatio: JSON.stringify({ default: 1, vip: 1, svip: 1 }),
  UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组' }),
  // Per user group, groups added to (`+:g`, or `g`) or taken from (`-:g`) UserUsableGroups; none by default.
  'group_ratio_setting.group_special_usable_group': '{}',
  // A user group's own ratio for a group it calls in; new-api's default names no real group.
  GroupGroupRatio: JSON.stringify({}),
  // The groups an `auto` token tries, in order (new-api's default); `auto` itself must be in UserUsableGroups.
  AutoGroups: JSON.stringify(['default']),
  DefaultUseAutoGroup: 'false',
  // new-api's expression billing: a model in `tiered_expr` mode is priced by its expression (billing/expression/).
  'billing_setting.billing_mode': '{}',
  'billing_setting.billing_expr': '{}',
  // $ per 1,000 server tool calls (`tool` or `tool:model-prefix*`), over new-api's defaults (billing/tool-prices.ts).
  'tool_price_setting.prices': '{}',
  // new-api's channel affinity: a conversation's calls stick to the channel it used (channels/affinity/).
  'channel_affinity_setting.enabled': 'true',
  'channel_affinity_setting.switch_on_success': 'true',
  'channel_affinity_setting.max_entries': '100000',
  'channel_affinity_setting.default_ttl_seconds': '3600',
  'channel_affinity_setting.rules': JSON.stringify(defaultAffinityRules),
  ...compatibilityDefaults,
} satisfies Record<string, string>;

export type OptionKey = keyof typeof optionDefaults;
