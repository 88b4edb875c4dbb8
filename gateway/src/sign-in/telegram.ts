import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How old a widget login may be (Telegram's own advice is a day at most). */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 3600;
/** Added by the console, not signed by Telegram. */
const UNSIGNED = new Set(['hash', 'lang']);

/**
 * Telegram's login widget check: the fields other than `hash`, sorted and joined as `k=v` lines,
 * signed with HMAC-SHA256 keyed by SHA256(bot token); and `auth_date` no older than the limit.
 */
export function isTelegramLoginValid(fields: Record<string, string>, botToken: string, nowSeconds: number): boolean {
  const hash = fields.hash ?? '';
  const authDate = Number(fields.auth_date);
  if (!botToken || !/^[0-9a-f]{64}$/.test(hash) || !Number.isInteger(authDate)) return false;
  if (nowSeconds - authDate > TELEGRAM_MAX_AGE_SECONDS || authDate - nowSeconds > 60) return false;
  const expected = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(telegramCheckString(fields)).digest();
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

/** The data-check-string of Telegram's docs. */
export function telegramCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => !UNSIGNED.has(key))
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}
