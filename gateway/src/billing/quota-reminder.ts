import type { BalanceStore } from '@tollgate/ledger';
import type { Options } from '../ports/options.js';
import type { Leases } from '../ports/hot-state/leases.js';
import type { Mail, Mailer } from '../ports/mailer.js';
import type { User } from '../ports/documents/user-store.js';
import { NotifyType, readNotifySetting } from './notify-setting.js';
import { fetchPolicy } from '../http/fetch-guard/fetch-policy.js';
import { deliverWebhook, quotaWebhookPayload } from './quota-webhook.js';

export type QuotaCrossing = 'low' | 'exhausted';

/**
 * Whether one charge took a balance across the reminder line: below QuotaRemindThreshold, or to
 * nothing at all. Only the charge that crosses sees `before` on one side and `after` on the other,
 * so a user is reminded once per crossing, not on every call made while low.
 */
export function quotaCrossing(before: number, after: number, threshold: number): QuotaCrossing | null {
  if (before > 0 && after <= 0) return 'exhausted';
  if (threshold > 0 && before >= threshold && after < threshold) return 'low';
  return null;
}

const reminderTitle = (crossing: QuotaCrossing) => (crossing === 'exhausted' ? '您的额度已用尽' : '您的额度即将用尽');
const topUpLink = (options: Options) => `${options.string('ServerAddress').replace(/\/+$/, '')}/topup`;

/** The wire-compatible gateway's reminder, word for word. */
export function quotaReminderMail(options: Options, to: string, crossing: QuotaCrossing, remaining: number): Mail {
  const subject = reminderTitle(crossing);
  const link = topUpLink(options);
  return {
    to,
    subject,
    html: `<p>${subject}，当前剩余额度为 ${Math.max(remaining, 0)}，为了不影响您的使用，请及时充值。</p><p>充值链接：<a href='${link}'>${link}</a></p>`,
  };
}

/** Two charges settled at once on different gateways can both see the crossing: one mail for both. */
const DEDUPE_MS = 10 * 60_000;

export interface QuotaReminderDeps {
  options: Options;
  mailer: Mailer;
  leases: Leases;
  balances: BalanceStore;
}

/**
 * Names one crossing cluster-wide. Usage only moves quota into used quota, so their sum stays put
 * between top-ups; only a grant, a payment or an admin's change (what lifts a balance back over
 * the line) moves it. Two gateways seeing the same crossing share the name; a user who topped up
 * and fell again gets a new one, and so a new mail.
 */
async function crossingName(deps: QuotaReminderDeps, user: User, crossing: QuotaCrossing): Promise<string> {
  const [balance] = await deps.balances.users([user.id]);
  const granted = (balance?.quota ?? 0) + (balance?.usedQuota ?? 0);
  return `quota-remind:${user.id}:${crossing}:${granted}`;
}

/** Where a reminder goes: a mail address, or a webhook with its signing secret. */
export type ReminderChannel = { kind: 'email'; to: string } | { kind: 'webhook'; url: string; secret: string };

/**
 * Where and below what a user is warned: their own setting (PUT /api/user/setting) when saved,
 * else QuotaRemindThreshold to the account's email. Null: nowhere to send (no address).
 */
export function reminderTarget(options: Options, user: User): { channel: ReminderChannel | null; threshold: number } {
  const setting = readNotifySetting(user.setting);
  if (!setting) return { channel: user.email ? { kind: 'email', to: user.email } : null, threshold: options.number('QuotaRemindThreshold') };
  if (setting.notify_type === NotifyType.Webhook) {
    const channel = setting.webhook_url ? { kind: 'webhook' as const, url: setting.webhook_url, secret: setting.webhook_secret ?? '' } : null;
    return { channel, threshold: setting.quota_warning_threshold };
  }
  const to = setting.notification_email || user.email;
  return { channel: to ? { kind: 'email', to } : null, threshold: setting.quota_warning_threshold };
}

/**
 * Warns the user when the charge `quota`, which left `after` to spend, crossed the reminder line:
 * by mail, or by new-api's signed webhook POST (retried with backoff), once per crossing. Resolves
 * true once it was delivered, false when none was due; throws when one was due and could not be
 * delivered, for its owner to log (relay/settle.ts).
 */
export async function remindOnCrossing(deps: QuotaReminderDeps, user: User, quota: number, after: number): Promise<boolean> {
  const { channel, threshold } = reminderTarget(deps.options, user);
  const crossing = quotaCrossing(after + quota, after, threshold);
  if (!crossing || !channel) return false;
  if (!(await deps.leases.claim(await crossingName(deps, user, crossing), 'settle', DEDUPE_MS))) return false;
  if (channel.kind === 'webhook') {
    const payload = quotaWebhookPayload(reminderTitle(crossing), after, topUpLink(deps.options), Math.floor(Date.now() / 1000));
    if (!(await deliverWebhook(fetchPolicy(deps.options), channel.url, channel.secret, payload))) throw new Error(`the low-quota webhook of user ${user.id} was not delivered`);
    return true;
  }
  const sent = await deps.mailer.send(quotaReminderMail(deps.options, channel.to, crossing, after));
  if (!sent.ok) throw new Error(`the low-quota mail of user ${user.id} was not sent: ${sent.message}`);
  return true;
}
