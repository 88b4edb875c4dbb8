import { newEventMetadata } from '@tollgate/ledger';
import { describe, expect, it, vi } from 'vitest';
import { startMockSmtp } from '../../../../test/support/mock-smtp.js';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { LOOPBACK_FETCH_ALLOWED, startWebhookReceiver } from '../../../../test/support/webhook-receiver.js';

/** Every call costs (5 prompt + 7 completion x 2) x 2.5 = 48 with the mock upstream's usage. */
const PRICING = {
  ModelRatio: JSON.stringify({ 'test-model': 2.5 }),
  CompletionRatio: JSON.stringify({ 'test-model': 2 }),
  PreConsumedQuota: '0',
  QuotaRemindThreshold: '900',
  ServerAddress: 'https://gw.example',
};
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'Say hello' }] };

describe('the quota reminder mail', () => {
  it('goes once, over SMTP, to the user whose charge crossed QuotaRemindThreshold', async () => {
    const smtp = await startMockSmtp();
    const h = await buildRelayHarness({ ...PRICING, ...smtp.options });
    const user = await h.addUser({ quota: 1000, email: 'low@example.com' });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    for (const balanceAfter of [952, 904]) {
      expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode, String(balanceAfter)).toBe(200);
    }
    await h.usageEvents();
    expect(smtp.mails).toEqual([]);
    await h.post('/v1/chat/completions', bearer, chat); // 904 -> 856: below 900
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['low@example.com']);
    expect(mail.subject).toBe('您的额度即将用尽');
    expect(mail.html).toContain('当前剩余额度为 856，为了不影响您的使用，请及时充值。');
    expect(mail.html).toContain("href='https://gw.example/topup'");
    await h.post('/v1/chat/completions', bearer, chat); // 856 -> 808: still below, no second mail
    await h.usageEvents();
    expect(smtp.mails).toHaveLength(1);
  });

  it('logs a reminder that could not be sent (the SMTP server refuses), and still answers and bills the call', async () => {
    const smtp = await startMockSmtp();
    const h = await buildRelayHarness({ ...PRICING, ...smtp.options, SMTPToken: 'not-the-password' });
    const user = await h.addUser({ quota: 940, email: 'low@example.com' });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(200); // 940 -> 892: below 900
    await vi.waitFor(() => expect(h.logged.find((line) => line.task === 'low-quota reminder')).toMatchObject({ level: 50, err: { message: expect.stringContaining(`the low-quota mail of user ${user.id} was not sent`) } }), { timeout: 5_000 });
    expect(JSON.stringify(h.logged)).not.toContain('not-the-password');
    expect(smtp.mails).toEqual([]);
    expect((await h.usageEvents()).map((event) => event.data.quota)).toEqual([48]);
  });

  it('QuotaRemindThreshold: a user who tops up above it and falls again gets a second mail, and one more when the quota runs out', async () => {
    const smtp = await startMockSmtp();
    const h = await buildRelayHarness({ ...PRICING, ...smtp.options });
    const user = await h.addUser({ quota: 920, email: 'again@example.com' });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    await h.post('/v1/chat/completions', bearer, chat); // 920 -> 872: the first crossing
    expect((await smtp.nextMail()).subject).toBe('您的额度即将用尽');
    await h.usageEvents();
    const topUp = { userId: user.id, username: user.username, amount: 101, logType: 1 as const, content: 'top-up' };
    await h.ledger.eventLog.append([{ type: 'QuotaGranted', data: topUp, metadata: newEventMetadata() }]); // 872 -> 973
    await h.usageEvents();
    await h.post('/v1/chat/completions', bearer, chat); // 973 -> 925: above the line, no mail
    await h.post('/v1/chat/completions', bearer, chat); // 925 -> 877: the second crossing
    const second = await smtp.nextMail();
    expect(second.subject).toBe('您的额度即将用尽');
    expect(second.html).toContain('当前剩余额度为 877');
    await h.deps.options.set('QuotaRemindThreshold', '0');
    for (let call = 0; call < 19; call++) await h.post('/v1/chat/completions', bearer, chat); // 877 -> 0: the 19th gets the last 13 (877 = 18 x 48 + 13), a one-token answer charged no more than its hold
    const exhausted = await smtp.nextMail();
    expect(exhausted.subject).toBe('您的额度已用尽');
    await h.usageEvents();
    expect(smtp.mails).toHaveLength(3);
  });
  it("honours the user's own setting (PUT /api/user/setting): their threshold, to their notification email; a webhook choice gets a POST, not a mail", async () => {
    const smtp = await startMockSmtp();
    const h = await buildRelayHarness({ ...PRICING, ...smtp.options, ...LOOPBACK_FETCH_ALLOWED });
    const user = await h.addUser({ quota: 1000, email: 'account@example.com' });
    await h.deps.users.update(user.id, { setting: JSON.stringify({ notify_type: 'email', quota_warning_threshold: 960, notification_email: 'alerts@example.com' }) });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    await h.post('/v1/chat/completions', bearer, chat); // 1000 -> 952: below the user's 960, above the site's 900
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['alerts@example.com']);
    expect(mail.html).toContain('当前剩余额度为 952');

    const receiver = await startWebhookReceiver('s');
    const hooked = await h.addUser({ quota: 1000, email: 'hook@example.com' });
    await h.deps.users.update(hooked.id, { setting: JSON.stringify({ notify_type: 'webhook', quota_warning_threshold: 960, webhook_url: receiver.url, webhook_secret: 's' }) });
    const second = await h.addKey(hooked.id);
    await h.post('/v1/chat/completions', second.bearer, chat);
    await vi.waitFor(() => expect(receiver.delivered()).toHaveLength(1));
    expect(smtp.mails).toHaveLength(1);
  });
});
