import type { LedgerEvent } from '@tollgate/wire';
import type { MockSmtp } from '../../../test/support/mock-smtp.js';
import { createSmtpMailer } from '../../adapters/smtp/smtp-mailer.js';
import { ensureRootUser } from '../../bootstrap/root-user.js';
import { OptionCache } from '../../options/option-cache.js';
import type { Documents } from '../../ports/documents/documents.js';

const HOUR = 3_600_000;
const metadata = (eventId: string, occurredAt: number) => ({ eventId, occurredAt, version: 1 as const });
const other = { model_ratio: 1, completion_ratio: 1, group_ratio: 1, model_price: -1, frt: 1 };

function usage(n: number, userId: number, quota: number, occurredAt: number): LedgerEvent {
  const data = { requestId: `r${n}`, holdId: `h${n}`, userId, username: `u${userId}`, tokenId: userId * 10, tokenName: 't', channelId: 1, model: 'm', group: 'default', promptTokens: 1, completionTokens: 1, quota, isStream: false, useTimeMs: 5, content: '', other };
  return { type: 'UsageRecorded', data, metadata: metadata(`usage-${n}`, occurredAt) };
}

const grant = (userId: number, amount: number, occurredAt: number): LedgerEvent => ({
  type: 'QuotaGranted',
  data: { userId, username: `u${userId}`, amount, logType: 1, content: 'top-up' },
  metadata: metadata(`grant-${userId}`, occurredAt),
});

/**
 * Two users' top-ups and 40 calls over the last 30 hours (so over two UTC days, and all older than
 * the audit's settling minute). Call n is `usage-n`, user 1 + n % 2, quota 10 + n.
 */
export function twoUsersHistory(now = Date.now()): LedgerEvent[] {
  const start = now - 30 * HOUR;
  const events: LedgerEvent[] = [grant(1, 10_000, start), grant(2, 5_000, start)];
  for (let n = 0; n < 40; n++) events.push(usage(n, 1 + (n % 2), 10 + n, start + (n * HOUR) / 2));
  return events;
}

/** Root (user 1) with an email, and a mailer pointed at the mock SMTP server through the options. */
export async function rootWithMailbox(documents: Documents, smtp: MockSmtp) {
  const options = new OptionCache(documents.options);
  for (const [key, value] of Object.entries(smtp.options)) await options.set(key, value);
  await ensureRootUser(documents.users, '123456');
  await documents.users.update(1, { email: 'root@tollgate.test' });
  return createSmtpMailer(options);
}
