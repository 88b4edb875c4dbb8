import { describe, expect, it } from 'vitest';
import { buildApiHarness, signUp } from '../../../test/api-app.js';
import { startMockSmtp } from '../../../test/support/mock-smtp.js';

const codeIn = (html: string) => /<strong>([A-Za-z0-9]{6})<\/strong>/.exec(html)?.[1] ?? '';

describe('email binding with a mailed code', () => {
  it('sets the email of the signed-in user with the code mailed to that address, once', async () => {
    const smtp = await startMockSmtp();
    const { app, deps } = await buildApiHarness(smtp.options);
    const alice = await signUp(app, 'alice');
    await app.inject({ method: 'GET', url: '/api/verification?email=alice@example.com' });
    const code = codeIn((await smtp.nextMail()).html);
    expect((await alice.call('GET', '/api/oauth/email/bind?email=alice@example.com&code=wrong1')).body).toEqual({ success: false, message: '验证码错误或已过期' });
    expect((await alice.call('GET', `/api/oauth/email/bind?email=alice@example.com&code=${code}`)).body).toEqual({ success: true, message: '' });
    expect((await deps.users.byId(alice.userId))?.email).toBe('alice@example.com');
    expect((await alice.call('GET', `/api/oauth/email/bind?email=alice@example.com&code=${code}`)).body.message).toBe('验证码错误或已过期');
  });

  it('asks for the email and the code with the spec\'s texts, and needs a session', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    expect((await alice.call('GET', '/api/oauth/email/bind?code=abc123')).body).toEqual({ success: false, message: '请输入邮箱！' });
    expect((await alice.call('GET', '/api/oauth/email/bind?email=a@example.com')).body).toEqual({ success: false, message: '请输入邮箱验证码！' });
    expect((await app.inject({ method: 'GET', url: '/api/oauth/email/bind?email=a@example.com&code=abc123' })).statusCode).toBe(401);
  });

  it('refuses an address another account took after the code was mailed', async () => {
    const smtp = await startMockSmtp();
    const { app, deps } = await buildApiHarness(smtp.options);
    const alice = await signUp(app, 'alice');
    await app.inject({ method: 'GET', url: '/api/verification?email=shared@example.com' });
    const code = codeIn((await smtp.nextMail()).html);
    await deps.users.update(1, { email: 'shared@example.com' });
    expect((await alice.call('GET', `/api/oauth/email/bind?email=shared@example.com&code=${code}`)).body).toEqual({ success: false, message: '邮箱地址已被占用' });
  });
});
