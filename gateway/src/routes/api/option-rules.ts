import type { OptionCache } from '../../options/option-cache.js';

/** Options that hold a JSON object (ratios, prices, groups); anything else would break pricing. */
const JSON_OBJECT_OPTIONS = new Set(['ModelRatio', 'CompletionRatio', 'CacheRatio', 'CreateCacheRatio', 'AudioRatio', 'AudioCompletionRatio', 'GroupRatio', 'ModelPrice', 'UserUsableGroups', 'TopupGroupRatio']);
const JSON_ARRAY_OPTIONS = new Set(['Chats']);
const NUMBER_OPTIONS = new Set([
  'QuotaPerUnit',
  'QuotaForNewUser',
  'QuotaForInviter',
  'QuotaForInvitee',
  'PreConsumedQuota',
  'RetryTimes',
  'Price',
  'MinTopUp',
  'ChannelDisableThreshold',
  'ChannelTestFrequency',
  'ChannelUpdateFrequency',
  'QuotaRemindThreshold',
  'SMTPPort',
  'DataExportInterval',
]);

/** The spec's own texts for some JSON options (the console shows the same). */
const JSON_MESSAGES: Record<string, string> = { TopupGroupRatio: '充值分组倍率不是合法的 JSON 字符串' };

/** Switches that need their settings first (new-api's texts). */
const PREREQUISITES: Record<string, { needs: string; message: string }> = {
  GitHubOAuthEnabled: { needs: 'GitHubClientId', message: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！' },
  LinuxDOOAuthEnabled: { needs: 'LinuxDOClientId', message: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！' },
  EmailVerificationEnabled: { needs: 'SMTPServer', message: '无法开启邮箱验证，请先填入 SMTP 相关设置信息！' },
  EmailDomainRestrictionEnabled: { needs: 'EmailDomainWhitelist', message: '无法启用邮箱域名限制，请先填入限制的邮箱域名！' },
  WeChatAuthEnabled: { needs: 'WeChatServerAddress', message: '无法启用微信登录，请先填入微信登录相关配置信息！' },
  TurnstileCheckEnabled: { needs: 'TurnstileSiteKey', message: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！' },
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why `value` may not be stored under `key`, or null when it may. */
export function optionProblem(options: OptionCache, key: string, value: string): string | null {
  if (JSON_OBJECT_OPTIONS.has(key)) {
    const parsed = parseJson(value);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return JSON_MESSAGES[key] ?? `${key} 不是合法的 JSON 字符串（需要一个 JSON 对象）`;
  }
  if (JSON_ARRAY_OPTIONS.has(key) && !Array.isArray(parseJson(value))) return `${key} 不是合法的 JSON 字符串（需要一个 JSON 数组）`;
  if (NUMBER_OPTIONS.has(key) && (value.trim() === '' || !Number.isFinite(Number(value)))) return `${key} 必须是数字`;
  const prerequisite = PREREQUISITES[key];
  if (prerequisite && value === 'true' && !options.string(prerequisite.needs)) return prerequisite.message;
  return null;
}

/** Secrets never leave the server: keys ending in Token, Secret or Key (as new-api). */
export function isSecretOption(key: string): boolean {
  return /(Token|Secret|Key)$/.test(key);
}
