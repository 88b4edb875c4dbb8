import { describe, expect, it } from 'vitest';
import { telegramWidgetQuery } from '../../test/support/clients/telegram-widget.js';
import { isTelegramLoginValid, TELEGRAM_MAX_AGE_SECONDS, telegramCheckString } from './telegram.js';

const BOT_TOKEN = '123456:TEST-bot-token';
const NOW = 1_700_000_000;

/** Widget fields signed as Telegram does, independently of the code under test. */
function signed(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(telegramWidgetQuery(token, fields)));
}

const widget = (authDate: number) => ({ id: '777', first_name: 'Tele', username: 'tele', photo_url: 'https://t.me/i/userpic/1.jpg', auth_date: String(authDate) });

describe('Telegram login widget check', () => {
  it('accepts a fresh login signed with the bot token, also with the console\'s lang added', () => {
    expect(isTelegramLoginValid(signed(widget(NOW - 5)), BOT_TOKEN, NOW)).toBe(true);
    expect(isTelegramLoginValid({ ...signed(widget(NOW - 5)), lang: 'zh' }, BOT_TOKEN, NOW)).toBe(true);
  });

  it('refuses a stale login, one from the future, and one without a date', () => {
    expect(isTelegramLoginValid(signed(widget(NOW - TELEGRAM_MAX_AGE_SECONDS - 1)), BOT_TOKEN, NOW)).toBe(false);
    expect(isTelegramLoginValid(signed(widget(NOW + 3600)), BOT_TOKEN, NOW)).toBe(false);
    const { auth_date: _date, ...undated } = widget(NOW);
    expect(isTelegramLoginValid(signed(undated), BOT_TOKEN, NOW)).toBe(false);
  });

  it('refuses forged fields, another bot\'s signature, a malformed hash and an unset token', () => {
    expect(isTelegramLoginValid({ ...signed(widget(NOW)), id: '778' }, BOT_TOKEN, NOW)).toBe(false);
    expect(isTelegramLoginValid(signed(widget(NOW), '999:other-bot'), BOT_TOKEN, NOW)).toBe(false);
    expect(isTelegramLoginValid({ ...widget(NOW), hash: 'zz' }, BOT_TOKEN, NOW)).toBe(false);
    expect(isTelegramLoginValid(signed(widget(NOW)), '', NOW)).toBe(false);
  });

  it('builds Telegram\'s data-check-string: sorted k=v lines without hash', () => {
    expect(telegramCheckString({ username: 'u', id: '1', hash: 'h', auth_date: '2' })).toBe('auth_date=2\nid=1\nusername=u');
  });
});
