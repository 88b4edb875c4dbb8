import { describe, expect, it } from 'vitest';
import { type Envelope, ROOT_PASSWORD, login, type Session } from '../../../test/api-app.js';
import { buildSignInHarness, getAs, oauthCallback } from '../../../test/support/gateways/sign-in-harness.js';
import { telegramWidgetQuery } from '../../../test/support/clients/telegram-widget.js';

const BOT_TOKEN = '110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const TELEGRAM_OPTIONS = { TelegramBotName: 'tollgate_bot', TelegramBotToken: BOT_TOKEN };

type Harness = Awaited<ReturnType<typeof buildSignInHarness>>;

/** A sign-in switch as an operator sees it: the value that shuts the call, new-api's answer then, the status field that tells the console. */
interface Switch {
  key: string;
  statusField: string;
  refusedWhen: 'true' | 'false';
  refusal: string;
  /** One fresh attempt at what the switch guards (a new name, a new code: each attempt could succeed on its own). */
  attempt(h: Harness): Promise<Envelope>;
}

let serial = 0;
const fresh = (prefix: string) => `${prefix}${++serial}`;

const passwordSignUp = async ({ app }: Harness) =>
  (await app.inject({ method: 'POST', url: '/api/user/register', payload: { username: fresh('user'), password: 'password123', password2: 'password123' } })).json<Envelope>();
const passwordSignIn = async ({ app }: Harness) =>
  (await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: ROOT_PASSWORD } })).json<Envelope>();
const gitHubSignUp = async ({ app, mock }: Harness) => (await oauthCallback(app, 'github', mock.githubCode({ login: fresh('gh') }))).body;

async function status(h: Harness): Promise<Record<string, unknown>> {
  return (await h.app.inject({ method: 'GET', url: '/api/status' })).json<Envelope<Record<string, unknown>>>().data;
}

async function save(root: Session, key: string, value: string): Promise<void> {
  expect((await root.call('PUT', '/api/option/', { key, value })).body, `${key}=${value}`).toEqual({ success: true, message: '' });
}

/** Root flips the switch on the running API: each position takes effect at the next call and shows in /api/status. */
async function expectSwitch(h: Harness, sw: Switch): Promise<void> {
  const root = await login(h.app, 'root', ROOT_PASSWORD);
  const allowedWhen = sw.refusedWhen === 'true' ? 'false' : 'true';
  for (const value of [sw.refusedWhen, allowedWhen, sw.refusedWhen]) {
    await save(root, sw.key, value);
    expect((await status(h))[sw.statusField], `${sw.statusField} after ${sw.key}=${value}`).toBe(value === 'true');
    const answer = await sw.attempt(h);
    if (value === sw.refusedWhen) expect(answer, `${sw.key}=${value}`).toEqual({ success: false, message: sw.refusal });
    else expect(answer.success, `${sw.key}=${value}: ${answer.message}`).toBe(true);
  }
}

describe('sign-in switches, set through PUT /api/option/', () => {
  it('RegisterEnabled: off refuses password and third-party sign-ups with new-api\'s text, on opens accounts; /api/status register_enabled', async () => {
    const h = await buildSignInHarness();
    await expectSwitch(h, { key: 'RegisterEnabled', statusField: 'register_enabled', refusedWhen: 'false', refusal: '管理员关闭了新用户注册', attempt: passwordSignUp });
    await expectSwitch(h, { key: 'RegisterEnabled', statusField: 'register_enabled', refusedWhen: 'false', refusal: '管理员关闭了新用户注册', attempt: gitHubSignUp });
  });

  it('RegisterEnabled: off still signs in an account a service already opened', async () => {
    const h = await buildSignInHarness();
    const octocat = { login: 'octocat' };
    const opened = await oauthCallback(h.app, 'github', h.mock.githubCode(octocat));
    await save(await login(h.app, 'root', ROOT_PASSWORD), 'RegisterEnabled', 'false');
    expect((await oauthCallback(h.app, 'github', h.mock.githubCode(octocat))).body).toMatchObject({ success: true, data: { id: opened.body.data.id } });
  });

  it('PasswordRegisterEnabled: off refuses password sign-up with new-api\'s text, on allows it; /api/status password_register_enabled', async () => {
    const h = await buildSignInHarness();
    const refusal = '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册';
    await expectSwitch(h, { key: 'PasswordRegisterEnabled', statusField: 'password_register_enabled', refusedWhen: 'false', refusal, attempt: passwordSignUp });
  });

  it('PasswordRegisterEnabled: off leaves sign-up through a third party open, as its message tells the visitor', async () => {
    const h = await buildSignInHarness();
    await save(await login(h.app, 'root', ROOT_PASSWORD), 'PasswordRegisterEnabled', 'false');
    expect(await gitHubSignUp(h)).toMatchObject({ success: true, data: { username: expect.stringMatching(/^github_\d+$/) } });
  });

  it('PasswordLoginEnabled: off refuses password sign-in with new-api\'s text, on allows it; /api/status password_login_enabled', async () => {
    const h = await buildSignInHarness();
    await expectSwitch(h, { key: 'PasswordLoginEnabled', statusField: 'password_login_enabled', refusedWhen: 'false', refusal: '管理员关闭了密码登录', attempt: passwordSignIn });
  });

  it('PasswordLoginEnabled: off keeps sessions already open and sign-in through a third party', async () => {
    const h = await buildSignInHarness();
    const root = await login(h.app, 'root', ROOT_PASSWORD);
    await save(root, 'PasswordLoginEnabled', 'false');
    expect((await root.call('GET', '/api/user/self')).body.success).toBe(true);
    expect((await gitHubSignUp(h)).success).toBe(true);
  });

  it('EmailVerificationEnabled: on refuses a sign-up without email and code, off lets it through; /api/status email_verification', async () => {
    const h = await buildSignInHarness({ SMTPServer: 'smtp.example.com' });
    const refusal = '管理员开启了邮箱验证，请输入邮箱地址和验证码';
    await expectSwitch(h, { key: 'EmailVerificationEnabled', statusField: 'email_verification', refusedWhen: 'true', refusal, attempt: passwordSignUp });
  });

  it('GitHubOAuthEnabled: off refuses the callback with new-api\'s text, on signs in; /api/status github_oauth', async () => {
    const h = await buildSignInHarness();
    await expectSwitch(h, { key: 'GitHubOAuthEnabled', statusField: 'github_oauth', refusedWhen: 'false', refusal: '管理员未开启通过 GitHub 登录以及注册', attempt: gitHubSignUp });
  });

  it('LinuxDOOAuthEnabled: off refuses the callback with new-api\'s text, on signs in; /api/status linuxdo_oauth', async () => {
    const h = await buildSignInHarness();
    const attempt = async ({ app, mock }: Harness) => (await oauthCallback(app, 'linuxdo', mock.linuxDoCode({ id: ++serial, username: fresh('ld'), name: 'Linus' }))).body;
    await expectSwitch(h, { key: 'LinuxDOOAuthEnabled', statusField: 'linuxdo_oauth', refusedWhen: 'false', refusal: '管理员未开启通过 Linux DO 登录以及注册', attempt });
  });

  it('WeChatAuthEnabled: off refuses the code with new-api\'s text, on signs in; /api/status wechat_login', async () => {
    const h = await buildSignInHarness();
    const attempt = async ({ app, mock }: Harness) => (await getAs(app, `/api/oauth/wechat?code=${mock.weChatCode(fresh('openid-'))}`)).body;
    await expectSwitch(h, { key: 'WeChatAuthEnabled', statusField: 'wechat_login', refusedWhen: 'false', refusal: '管理员未开启通过微信登录以及注册', attempt });
  });

  it('WeChatAccountQRCodeImageURL: the saved image address reaches /api/status wechat_qrcode', async () => {
    const h = await buildSignInHarness();
    await save(await login(h.app, 'root', ROOT_PASSWORD), 'WeChatAccountQRCodeImageURL', 'https://img.example.com/qr.png');
    expect((await status(h)).wechat_qrcode).toBe('https://img.example.com/qr.png');
  });

  it('TelegramOAuthEnabled: off refuses the widget login with new-api\'s text, on signs the bound account in; /api/status telegram_oauth and TelegramBotName; the widget signed with TelegramBotToken', async () => {
    const h = await buildSignInHarness(TELEGRAM_OPTIONS);
    await h.deps.users.update(1, { telegramId: '5001' });
    const attempt = async ({ app }: Harness) => {
      const widget = telegramWidgetQuery(BOT_TOKEN, { id: '5001', first_name: 'Root', auth_date: String(Math.floor(Date.now() / 1000)) });
      return (await getAs(app, `/api/oauth/telegram/login?${widget}`)).body;
    };
    await expectSwitch(h, { key: 'TelegramOAuthEnabled', statusField: 'telegram_oauth', refusedWhen: 'false', refusal: '管理员未开启通过 Telegram 登录以及注册', attempt });
    expect((await status(h)).telegram_bot_name).toBe('tollgate_bot');
  });

  it('TurnstileCheckEnabled: on refuses a login without a token, off needs none; /api/status turnstile_check and TurnstileSiteKey', async () => {
    const h = await buildSignInHarness({ TurnstileSiteKey: 'site-key', TurnstileSecretKey: 'turnstile-secret-value' });
    await expectSwitch(h, { key: 'TurnstileCheckEnabled', statusField: 'turnstile_check', refusedWhen: 'true', refusal: 'Turnstile token 为空', attempt: passwordSignIn });
    expect((await status(h)).turnstile_site_key).toBe('site-key');
  });
});
