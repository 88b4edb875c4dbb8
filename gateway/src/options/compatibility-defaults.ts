/**
 * new-api's later options, with new-api's defaults, so its console saves them unchanged
 * (issue #25). Dotted keys are new-api's grouped settings (`general_setting.docs_link`).
 */
export const compatibilityDefaults = {
  /** Per-user request limits on the relay: every call counts against Count, answered ones against SuccessCount. */
  ModelRequestRateLimitEnabled: 'false',
  ModelRequestRateLimitDurationMinutes: '1',
  /** 0: no limit on all calls (failed ones included). */
  ModelRequestRateLimitCount: '0',
  ModelRequestRateLimitSuccessCount: '1000',
  /** {"group": [count, successCount]}: a group's own limits in place of the two above. */
  ModelRequestRateLimitGroup: '{}',
  /** A link to the docs in the console header; empty hides it. */
  'general_setting.docs_link': '',
  /** How quota is shown across the console: USD, CNY (x Price), TOKENS, or CUSTOM (symbol x rate). */
  'general_setting.quota_display_type': 'USD',
  'general_setting.custom_currency_symbol': '¤',
  /** 1 USD = this many of the custom currency. */
  'general_setting.custom_currency_exchange_rate': '1',
  /** Image input tokens are billed at this multiple of a model's prompt price (absent = 1). */
  ImageRatio: JSON.stringify({ 'gpt-image-1': 2 }),
  /** Markdown or HTML the user agreement and privacy policy pages show; empty hides the page and its links. */
  'legal.user_agreement': '',
  'legal.privacy_policy': '',
  /** The relay sends the client's body to the upstream byte for byte (no model mapping, no limits set). */
  'global.pass_through_request_enabled': 'false',
  /** One per line, matched case-insensitively in an upstream's error message: the channel is disabled. */
  AutomaticDisableKeywords: [
    'Your credit balance is too low',
    'This organization has been disabled.',
    'You exceeded your current quota',
    'Permission denied',
    'The security token included in the request is invalid',
    'Operation not allowed',
    'Your account is not authorized',
  ].join('\n'),
  /** Status codes and ranges ("401,403,500-503") that disable a channel. */
  AutomaticDisableStatusCodes: '401',
  /** Status codes and ranges another channel is tried on: new-api's default, all but 400, 408, 504 and 524 (those two never are). */
  AutomaticRetryStatusCodes: '100-199,300-399,401-407,409-503,505-523,525-599',
  /** The most tokens (API keys) one user may hold. */
  'token_setting.max_user_tokens': '1000',
  /** Self-use: a model with no ratio or price is served at ratio 37.5 rather than refused. */
  SelfUseModeEnabled: 'false',
  /** Demo site: the home page shows the version and the console marks the site as a demo. */
  DemoSiteEnabled: 'false',
  /** What URLs from users and upstreams (webhooks, task images) may reach: new-api's SSRF guard. */
  'fetch_setting.enable_ssrf_protection': 'true',
  /** Loopback, private, link-local and reserved addresses: refused unless this is on. */
  'fetch_setting.allow_private_ip': 'false',
  /** true: domain_list is a white list; false: a black list. */
  'fetch_setting.domain_filter_mode': 'false',
  /** true: ip_list is a white list; false: a black list. */
  'fetch_setting.ip_filter_mode': 'false',
  /** JSON array of domains; `*.example.com` also covers example.com. */
  'fetch_setting.domain_list': '[]',
  /** JSON array of IPs and CIDRs. */
  'fetch_setting.ip_list': '[]',
  /** JSON array of ports and ranges ("8000-9000"); an empty array allows every port. */
  'fetch_setting.allowed_ports': JSON.stringify(['80', '443', '8080', '8443']),
  /** The IP list also judges the addresses a domain resolves to (private ones are always judged). */
  'fetch_setting.apply_ip_filter_for_domain': 'true',
} satisfies Record<string, string>;
