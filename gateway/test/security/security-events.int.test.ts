import { describe, expect, it } from 'vitest';
import { signUp } from '../api-app.js';
import { buildSignInHarness, getAs } from '../support/gateways/sign-in-harness.js';
import { telegramWidgetQuery } from '../support/clients/telegram-widget.js';
import { totpCode } from '../support/clients/totp.js';
import { CodePurpose } from '../../src/ports/hot-state/one-time-codes.js';
import type { AuditEvent } from '../../src/ports/documents/audit-event.js';

const BOT_TOKEN = '110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const telegramOn = { TelegramOAuthEnabled: 'true', TelegramBotName: 'tollgate_bot', TelegramBotToken: BOT_TOKEN };

/**
 * Issue #33 item 3: a user's own changes to how the account signs in left no trail. Each is now a
 * security event with the user as the actor, the address, and no secret in it.
 */
describe('a user\'s own sign-in changes in the audit trail', () => {
  it('records a password change, a new access token, two-factor on, new backup codes and off, an email bound, an account linked and a reset by mail, each without its secret', async () => {
    const { app, deps } = await buildSignInHarness(telegramOn);
    const alice = await signUp(app, 'alice', 'first-password');
    const secrets: string[] = ['first-password'];

    expect((await alice.call('PUT', '/api/user/self', { password: 'second-password', original_password: 'first-password' })).body).toMatchObject({ success: true });
    secrets.push('second-password');
    const token = await alice.call<string>('GET', '/api/user/token');
    secrets.push(token.body.data);

    const setup = (await alice.call<{ secret: string; backup_codes: string[] }>('POST', '/api/user/2fa/setup')).body.data;
    secrets.push(setup.secret, ...setup.backup_codes);
    expect((await alice.call('POST', '/api/user/2fa/enable', { code: totpCode(setup.secret, -1) })).body).toMatchObject({ success: true });
    const renewed = await alice.call<{ backup_codes: string[] }>('POST', '/api/user/2fa/backup_codes', { code: totpCode(setup.secret, 0) });
    secrets.push(...renewed.body.data.backup_codes);
    expect((await alice.call('POST', '/api/user/2fa/disable', { code: totpCode(setup.secret, 1) })).body).toMatchObject({ success: true });

    await deps.codes.issue(CodePurpose.EmailVerification, 'alice@example.com', 'mail-code-123', 60_000);
    secrets.push('mail-code-123');
    expect((await alice.call('GET', '/api/oauth/email/bind?email=alice@example.com&code=mail-code-123')).body).toMatchObject({ success: true });
    const widget = telegramWidgetQuery(BOT_TOKEN, { id: '5001', first_name: 'Tele', username: 'tele', auth_date: String(Math.floor(Date.now() / 1000)) });
    expect((await getAs(app, `/api/oauth/telegram/bind?${widget}`, alice)).body).toMatchObject({ success: true });

    await deps.codes.issue(CodePurpose.PasswordReset, 'alice@example.com', 'reset-token-456', 60_000);
    secrets.push('reset-token-456');
    const reset = await app.inject({ method: 'POST', url: '/api/user/reset', payload: { email: 'alice@example.com', token: 'reset-token-456' } });
    secrets.push(reset.json<{ data: string }>().data);

    const { items } = await deps.auditTrail.page({ actor: 'alice' }, 0, 50);
    const events = [...items].reverse();
    expect(events.map((event) => event.type)).toEqual(['PasswordChanged', 'AccessTokenGenerated', 'TwoFactorEnabled', 'TwoFactorBackupCodesRegenerated', 'TwoFactorDisabled', 'EmailBound', 'AccountLinked', 'PasswordReset']);
    for (const event of events) {
      expect(event).toMatchObject({ actor: { userId: alice.userId, username: 'alice' }, target: { kind: 'user', id: String(alice.userId) }, address: '127.0.0.1' });
    }
    expect(events.find((event: AuditEvent) => event.type === 'AccountLinked')?.detail).toEqual({ service: 'telegramId' });
    expect(events.find((event: AuditEvent) => event.type === 'EmailBound')?.detail).toEqual({ email: 'alice@example.com' });
    const stored = JSON.stringify(events);
    for (const secret of secrets) expect(stored, 'a secret reached the trail').not.toContain(secret);
    expect(stored).not.toMatch(/\$2[aby]\$|scrypt|argon/i); // no password hash either
  });

  it('records nothing for a change that was refused', async () => {
    const { app, deps } = await buildSignInHarness();
    const bob = await signUp(app, 'bob', 'bobs-password');
    expect((await bob.call('PUT', '/api/user/self', { password: 'new-password', original_password: 'wrong' })).body).toMatchObject({ success: false });
    expect((await bob.call('POST', '/api/user/2fa/disable', { code: '123456' })).body).toMatchObject({ success: false });
    expect((await deps.auditTrail.page({ actor: 'bob' }, 0, 10)).total).toBe(0);
  });
});
