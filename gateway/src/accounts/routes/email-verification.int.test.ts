import { describe, expect, it } from 'vitest';
import { type Envelope, ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';
import { startMockSmtp } from '../../../test/support/mock-smtp.js';

const NOT_WHITELISTED =
  "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.";

type App = Awaited<ReturnType<typeof buildApiHarness>>['app'];

const askCode = async (app: App, email: string) =>
  (await app.inject({ method: 'GET', url: `/api/verification?email=${encodeURIComponent(email)}` })).json<Envelope>();
const register = async (app: App, payload: object) =>
  (await app.inject({ method: 'POST', url: '/api/user/register', payload: { password: 'password123', ...payload } })).json<Envelope>();

/** The code as the verification mail shows it. */
function codeIn(html: string): string {
  const match = /<strong>([A-Za-z0-9]{6})<\/strong>/.exec(html);
  if (!match?.[1]) throw new Error(`no code in ${html}`);
  return match[1];
}

describe('email verification codes over SMTP', () => {
  it('SMTPServer, SMTPPort, SMTPAccount, SMTPToken, SMTPFrom: mails a 6-character code with new-api text, through the configured server and account, from the configured sender', async () => {
    const smtp = await startMockSmtp();
    const { app } = await buildApiHarness({ ...smtp.options, SystemName: 'Tollgate' });
    expect(await askCode(app, 'alice@example.com')).toEqual({ success: true, message: '' });
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ from: 'noreply@tollgate.test', to: ['alice@example.com'], subject: 'Tollgate邮箱验证邮件', user: 'mailer@tollgate.test' });
    expect(mail.html).toContain('<p>您好，你正在进行Tollgate邮箱验证。</p>');
    expect(mail.html).toContain('验证码 10 分钟内有效，如果不是本人操作，请忽略。');
    expect(codeIn(mail.html)).toHaveLength(6);
  });

  it('EmailVerificationEnabled: registers with the mailed code once, storing the email; a wrong or reused code is refused', async () => {
    const smtp = await startMockSmtp();
    const { app, deps } = await buildApiHarness({ ...smtp.options, EmailVerificationEnabled: 'true' });
    await askCode(app, 'alice@example.com');
    const code = codeIn((await smtp.nextMail()).html);
    expect(await register(app, { username: 'alice', email: 'alice@example.com', verification_code: 'wrong1' })).toEqual({ success: false, message: '验证码错误或已过期' });
    expect((await register(app, { username: 'alice', email: 'alice@example.com', verification_code: code })).success).toBe(true);
    expect((await deps.users.byUsername('alice'))?.email).toBe('alice@example.com');
    await expect(login(app, 'alice', 'password123')).resolves.toBeDefined();
    expect(await register(app, { username: 'bob', email: 'alice@example.com', verification_code: code })).toEqual({ success: false, message: '验证码错误或已过期' });
  });

  it('EmailVerificationEnabled: does not use up the code when the username is taken', async () => {
    const smtp = await startMockSmtp();
    const { app } = await buildApiHarness({ ...smtp.options, EmailVerificationEnabled: 'true' });
    await askCode(app, 'x@example.com');
    const code = codeIn((await smtp.nextMail()).html);
    expect((await register(app, { username: 'root', email: 'x@example.com', verification_code: code })).message).toBe('用户名已存在，或已注销');
    expect((await register(app, { username: 'xavier', email: 'x@example.com', verification_code: code })).success).toBe(true);
  });

  it('EmailVerificationEnabled: refuses an address another account took after the code was mailed', async () => {
    const smtp = await startMockSmtp();
    const { app, deps } = await buildApiHarness({ ...smtp.options, EmailVerificationEnabled: 'true' });
    await askCode(app, 'shared@example.com');
    const code = codeIn((await smtp.nextMail()).html);
    await deps.users.update(1, { email: 'shared@example.com' });
    expect(await register(app, { username: 'amy', email: 'shared@example.com', verification_code: code })).toEqual({ success: false, message: '邮箱地址已被占用' });
    expect(await deps.users.byUsername('amy')).toBeNull();
  });

  it('refuses a malformed address', async () => {
    const smtp = await startMockSmtp();
    const { app } = await buildApiHarness(smtp.options);
    expect(await askCode(app, 'not-an-email')).toEqual({ success: false, message: '无效的参数' });
    expect((await app.inject({ method: 'GET', url: '/api/verification' })).json()).toEqual({ success: false, message: '无效的参数' });
    expect(smtp.mails).toHaveLength(0);
  });

  it('EmailDomainRestrictionEnabled, EmailDomainWhitelist: codes go only to whitelisted domains, with new-api\'s text; the list and switch apply as saved', async () => {
    const smtp = await startMockSmtp();
    const { app } = await buildApiHarness(smtp.options);
    const root = await login(app, 'root', ROOT_PASSWORD);
    const save = async (key: string, value: string) => expect((await root.call('PUT', '/api/option/', { key, value })).body.success).toBe(true);
    await save('EmailDomainWhitelist', 'example.com,tollgate.test');
    await save('EmailDomainRestrictionEnabled', 'true');
    expect(await askCode(app, 'eve@elsewhere.org')).toEqual({ success: false, message: NOT_WHITELISTED });
    expect(await askCode(app, 'eve@sub.example.com')).toEqual({ success: false, message: NOT_WHITELISTED });
    expect(smtp.mails).toHaveLength(0);
    expect((await askCode(app, 'eve@Example.com')).success).toBe(true);
    expect((await smtp.nextMail()).to.map((to) => to.toLowerCase())).toEqual(['eve@example.com']);
    await save('EmailDomainWhitelist', 'elsewhere.org');
    expect((await askCode(app, 'eve@elsewhere.org')).success).toBe(true);
    expect(await askCode(app, 'amy@example.com')).toEqual({ success: false, message: NOT_WHITELISTED });
    await save('EmailDomainRestrictionEnabled', 'false');
    expect((await askCode(app, 'amy@example.com')).success).toBe(true);
  });

  it('says the address is taken when a user already has it', async () => {
    const smtp = await startMockSmtp();
    const { app, deps } = await buildApiHarness(smtp.options);
    await deps.users.update(1, { email: 'root@example.com' });
    expect(await askCode(app, 'root@example.com')).toEqual({ success: false, message: '邮箱地址已被占用' });
    expect(smtp.mails).toHaveLength(0);
  });

  it('answers with the delivery failure when SMTP is unset or refuses the account', async () => {
    const unset = await buildApiHarness();
    expect(await askCode(unset.app, 'a@example.com')).toEqual({ success: false, message: 'SMTP 服务器未配置' });
    const smtp = await startMockSmtp();
    const { app } = await buildApiHarness({ ...smtp.options, SMTPToken: 'wrong-password' });
    const refused = await askCode(app, 'a@example.com');
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/Invalid username or password/);
  });
});
