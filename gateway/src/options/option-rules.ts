import { dict } from '@tollgate/wire';
import type { Options } from '../ports/options.js';
import { type CheckedOption, checkOptionValue } from './option-schema.js';
import { COMPLIANCE_OPTIONS } from './compliance.js';

const NEEDS_SERVER_ADDRESS = '请先填写服务器地址';

/** Settings that need others first (new-api's texts): a switch its credentials, payment the server address. */
const PREREQUISITES: Record<string, { needs: string; message: string }> = dict({
  GitHubOAuthEnabled: { needs: 'GitHubClientId', message: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！' },
  LinuxDOOAuthEnabled: { needs: 'LinuxDOClientId', message: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！' },
  'oidc.enabled': { needs: 'oidc.client_id', message: '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！' },
  EmailVerificationEnabled: { needs: 'SMTPServer', message: '无法开启邮箱验证，请先填入 SMTP 相关设置信息！' },
  EmailDomainRestrictionEnabled: { needs: 'EmailDomainWhitelist', message: '无法启用邮箱域名限制，请先填入限制的邮箱域名！' },
  WeChatAuthEnabled: { needs: 'WeChatServerAddress', message: '无法启用微信登录，请先填入微信登录相关配置信息！' },
  TurnstileCheckEnabled: { needs: 'TurnstileSiteKey', message: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！' },
  PayAddress: { needs: 'ServerAddress', message: NEEDS_SERVER_ADDRESS },
  EpayId: { needs: 'ServerAddress', message: NEEDS_SERVER_ADDRESS },
  EpayKey: { needs: 'ServerAddress', message: NEEDS_SERVER_ADDRESS },
});

/** Whether `value` may be saved under `key` now, and the normalised value to save. */
export function checkOption(options: Options, key: string, value: string): CheckedOption {
  if (key === 'SetupCompleted') return { ok: false, problem: '系统初始化状态只能由初始化向导设置' };
  if (COMPLIANCE_OPTIONS.has(key)) return { ok: false, problem: '支付合规确认只能通过确认合规声明提交' };
  const checked = checkOptionValue(key, value);
  if (!checked.ok) return checked;
  const prerequisite = PREREQUISITES[key];
  const turnsOn = checked.value !== '' && checked.value !== 'false';
  if (prerequisite && turnsOn && !options.string(prerequisite.needs)) return { ok: false, problem: prerequisite.message };
  return checked;
}

/** Secrets never leave the server: keys ending in Token, Secret or Key, or `secret` (`oidc.client_secret`), as new-api. */
export function isSecretOption(key: string): boolean {
  return /(Token|Secret|Key|secret)$/.test(key);
}
