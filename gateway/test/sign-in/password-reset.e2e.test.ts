import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { ConsoleClient } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';
import { type MockSmtp, startMockSmtp } from '../support/mock-smtp.js';

/** Forgotten password, end to end: the reset page, a real SMTP delivery, the mailed link, the new password. */
describe('password reset in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  /** Mail on (a real SMTP server started for the test), and a user registered with a verified email. */
  async function mailingWithUser(): Promise<MockSmtp> {
    const smtp = await startMockSmtp();
    for (const [key, value] of Object.entries({ ...smtp.options, ServerAddress: fixture.tollgate.url, EmailVerificationEnabled: 'true' })) {
      await fixture.root.must('PUT', '/api/option/', { key, value });
    }
    const visitor = new ConsoleClient(fixture.tollgate.url);
    await visitor.must('GET', '/api/verification?email=ann%40example.com');
    const code = /<strong>(\w+)<\/strong>/.exec((await smtp.nextMail()).html)?.[1];
    await visitor.must('POST', '/api/user/register', { username: 'ann', password: 'old-password-1', password2: 'old-password-1', email: 'ann@example.com', verification_code: code });
    return smtp;
  }

  it('mails a link from /reset, and the link gives a new password that signs in', async () => {
    const smtp = await mailingWithUser();
    await page.goto(`${fixture.tollgate.url}/login`);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL('**/reset');
    await page.fill('#reset-email', 'ann@example.com');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('重置邮件发送成功，请检查邮箱！').waitFor();
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['ann@example.com']);
    const link = /href='([^']+)'/.exec(mail.html)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))) ?? '';
    expect(link.startsWith(`${fixture.tollgate.url}/user/reset?`)).toBe(true);

    await page.goto(link);
    await page.getByRole('button', { name: '提交' }).click();
    const password = await page.locator('#reset-new-password').inputValue();
    expect(password).toMatch(/^\S{8,}$/);

    await signInOnPage(page, fixture.tollgate.url, 'ann', password);
    expect((await new ConsoleClient(fixture.tollgate.url).login('ann', 'old-password-1')).success).toBe(false);
  });
});
