import { describe, expect, it } from 'vitest';
import { type Envelope, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { startMockSmtp } from '../../../test/support/mock-smtp.js';

type App = Awaited<ReturnType<typeof buildApiHarness>>['app'];

const askReset = async (app: App, email: string) =>
  (await app.inject({ method: 'GET', url: `/api/reset_password?email=${encodeURIComponent(email)}` })).json<Envelope>();
const reset = async (app: App, payload: object) => (await app.inject({ method: 'POST', url: '/api/user/reset', payload })).json<Envelope<string>>();

/** The email and token of the link in a reset mail, as the console's reset page reads them. */
function linkIn(html: string): URL {
  const match = /href='([^']+)'/.exec(html);
  if (!match?.[1]) throw new Error(`no link in ${html}`);
  return new URL(match[1].replaceAll('&amp;', '&').replaceAll('&#38;', '&'));
}

async function harnessWithAlice() {
  const smtp = await startMockSmtp();
  const harness = await buildApiHarness({ ...smtp.options, SystemName: 'Tollgate', ServerAddress: 'https://gw.example.com/' });
  const alice = await signUp(harness.app, 'alice');
  await harness.deps.users.update(alice.userId, { email: 'alice+tag@example.com' });
  return { ...harness, smtp, alice };
}

describe('password reset by email', () => {
  it('mails a link to the reset page, whose token yields a new random password once', async () => {
    const { app, smtp } = await harnessWithAlice();
    expect(await askReset(app, 'alice+tag@example.com')).toEqual({ success: true, message: '' });
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ to: ['alice+tag@example.com'], subject: 'Tollgate密码重置' });
    expect(mail.html).toContain('重置链接 15 分钟内有效，如果不是本人操作，请忽略。');
    const link = linkIn(mail.html);
    expect(`${link.origin}${link.pathname}`).toBe('https://gw.example.com/user/reset');
    const email = link.searchParams.get('email') ?? '';
    const token = link.searchParams.get('token') ?? '';
    expect(email).toBe('alice+tag@example.com');
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const answer = await reset(app, { email, token });
    expect(answer.success).toBe(true);
    expect(answer.data).toMatch(/^[A-Za-z0-9]{12}$/);
    await expect(login(app, 'alice', answer.data)).resolves.toBeDefined();
    await expect(login(app, 'alice', 'password123')).rejects.toThrow();
    expect(await reset(app, { email, token })).toEqual({ success: false, message: '重置链接非法或已过期' });
  });

  it('signs out every session of the account it resets', async () => {
    const { app, smtp, alice } = await harnessWithAlice();
    expect((await alice.call('GET', '/api/user/self')).status).toBe(200);
    await askReset(app, 'alice+tag@example.com');
    const link = linkIn((await smtp.nextMail()).html);
    expect((await reset(app, { email: link.searchParams.get('email'), token: link.searchParams.get('token') })).success).toBe(true);
    expect((await alice.call('GET', '/api/user/self')).status).toBe(401);
  });

  it('refuses a wrong token, a token for another address, and a missing field', async () => {
    const { app, smtp } = await harnessWithAlice();
    await askReset(app, 'alice+tag@example.com');
    const token = linkIn((await smtp.nextMail()).html).searchParams.get('token') ?? '';
    expect(await reset(app, { email: 'alice+tag@example.com', token: 'f'.repeat(32) })).toEqual({ success: false, message: '重置链接非法或已过期' });
    expect(await reset(app, { email: 'bob@example.com', token })).toEqual({ success: false, message: '重置链接非法或已过期' });
    expect(await reset(app, { email: 'alice+tag@example.com' })).toEqual({ success: false, message: '无效的参数' });
    expect((await reset(app, { email: 'alice+tag@example.com', token })).success).toBe(true);
  });

  it('only the latest link works when several were asked for', async () => {
    const { app, smtp } = await harnessWithAlice();
    await askReset(app, 'alice+tag@example.com');
    await askReset(app, 'alice+tag@example.com');
    const first = linkIn((await smtp.nextMail()).html).searchParams.get('token');
    const second = linkIn((await smtp.nextMail()).html).searchParams.get('token');
    expect((await reset(app, { email: 'alice+tag@example.com', token: first })).success).toBe(false);
    expect((await reset(app, { email: 'alice+tag@example.com', token: second })).success).toBe(true);
  });

  it('says an unknown address is not registered, and sends nothing', async () => {
    const { app, smtp } = await harnessWithAlice();
    expect(await askReset(app, 'nobody@example.com')).toEqual({ success: false, message: '该邮箱地址未注册' });
    expect(await askReset(app, 'nonsense')).toEqual({ success: false, message: '无效的参数' });
    expect(smtp.mails).toHaveLength(0);
  });

  it('gives a verification code no power to reset a password', async () => {
    const { app, smtp } = await harnessWithAlice();
    await app.inject({ method: 'GET', url: '/api/verification?email=carol@example.com' });
    const code = /<strong>(\w+)<\/strong>/.exec((await smtp.nextMail()).html)?.[1];
    expect(await reset(app, { email: 'carol@example.com', token: code })).toEqual({ success: false, message: '重置链接非法或已过期' });
  });
});
