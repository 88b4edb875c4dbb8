import { createHash, createHmac } from 'node:crypto';

/** The query a Telegram login widget hands the page: the user's fields signed with the bot token. */
export function telegramWidgetQuery(botToken: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(text).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
