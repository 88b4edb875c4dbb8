import { describe, expect, it } from 'vitest';
import { startMockSmtp } from '../../../test/support/mock-smtp.js';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';

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
});
