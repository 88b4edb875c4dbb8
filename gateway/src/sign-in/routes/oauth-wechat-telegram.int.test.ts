import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/api-app.js';
import { buildSignInHarness, getAs } from '../../../test/support/gateways/sign-in-harness.js';
import { telegramWidgetQuery } from '../../../test/support/clients/telegram-widget.js';

describe('WeChat sign-in through a WeChat server stand-in', () => {
  it('opens wechat_<n> on the first code, signs the same account in on the next', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    const first = await getAs(app, `/api/oauth/wechat?code=${mock.weChatCode('openid-1')}`);
    expect(first.body).toMatchObject({ success: true, data: { username: 'wechat_2', display_name: 'WeChat User' } });
    expect(first.cookie).toBeDefined();
    expect((await deps.users.byUsername('wechat_2'))?.wechatId).toBe('openid-1');
    expect(mock.seen.find((r) => r.path === '/api/wechat/user')?.headers.authorization).toBe('wechat-server-token');
    expect((await getAs(app, `/api/oauth/wechat?code=${mock.weChatCode('openid-1')}`)).body.data.id).toBe(first.body.data.id);
  });

  it('WeChatServerAddress, WeChatServerToken: answers the server\'s refusals (a wrong token among them), a used code and a missing code', async () => {
    const { app, mock } = await buildSignInHarness();
    const code = mock.weChatCode('openid-1');
    await getAs(app, `/api/oauth/wechat?code=${code}`);
    expect((await getAs(app, `/api/oauth/wechat?code=${code}`)).body).toEqual({ success: false, message: '验证码错误或已过期' });
    expect((await getAs(app, '/api/oauth/wechat')).body).toEqual({ success: false, message: '无效的参数' });
    const wrongToken = await buildSignInHarness({ WeChatServerToken: 'nope' });
    expect((await getAs(wrongToken.app, `/api/oauth/wechat?code=${wrongToken.mock.weChatCode('x')}`)).body).toEqual({ success: false, message: '无权进行此操作，token 无效' });
  });

  it('binds for a signed-in user only, one account per WeChat id', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    expect((await getAs(app, `/api/oauth/wechat/bind?code=${mock.weChatCode('openid-9')}`)).status).toBe(401);
    const alice = await signUp(app, 'alice');
    expect((await getAs(app, `/api/oauth/wechat/bind?code=${mock.weChatCode('openid-9')}`, alice)).body).toEqual({ success: true, message: '' });
    expect((await deps.users.byId(alice.userId))?.wechatId).toBe('openid-9');
    const bob = await signUp(app, 'bob');
    expect((await getAs(app, `/api/oauth/wechat/bind?code=${mock.weChatCode('openid-9')}`, bob)).body).toEqual({ success: false, message: '该微信账号已被绑定' });
  });
});

describe('Telegram login widget', () => {
  const BOT_TOKEN = '110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
  const now = () => String(Math.floor(Date.now() / 1000));
  const widget = (id: string, authDate = now()) => telegramWidgetQuery(BOT_TOKEN, { id, first_name: 'Tele', username: 'tele', auth_date: authDate });
  const telegramOn = { TelegramOAuthEnabled: 'true', TelegramBotName: 'tollgate_bot', TelegramBotToken: BOT_TOKEN };

  it('binds with a fresh signed login, then signs that account in', async () => {
    const { app, deps } = await buildSignInHarness(telegramOn);
    const alice = await signUp(app, 'alice');
    expect((await getAs(app, `/api/oauth/telegram/bind?${widget('5001')}`, alice)).body).toEqual({ success: true, message: 'bind' });
    expect((await deps.users.byId(alice.userId))?.telegramId).toBe('5001');
    const signedIn = await getAs(app, `/api/oauth/telegram/login?${widget('5001')}&lang=zh`);
    expect(signedIn.body).toMatchObject({ success: true, data: { id: alice.userId, username: 'alice' } });
    expect(signedIn.cookie).toBeDefined();
    const bob = await signUp(app, 'bob');
    expect((await getAs(app, `/api/oauth/telegram/bind?${widget('5001')}`, bob)).body).toEqual({ success: false, message: '该 Telegram 账户已被绑定' });
  });

  it('refuses stale and forged logins and an unbound account', async () => {
    const { app } = await buildSignInHarness(telegramOn);
    const stale = widget('5001', String(Math.floor(Date.now() / 1000) - 2 * 86_400));
    expect((await getAs(app, `/api/oauth/telegram/login?${stale}`)).body).toEqual({ success: false, message: '无效的请求' });
    const forged = widget('5001').replace('id=5001', 'id=5002');
    expect((await getAs(app, `/api/oauth/telegram/login?${forged}`)).body).toEqual({ success: false, message: '无效的请求' });
    const otherBot = telegramWidgetQuery('999:other', { id: '5001', auth_date: now() });
    expect((await getAs(app, `/api/oauth/telegram/login?${otherBot}`)).body).toEqual({ success: false, message: '无效的请求' });
    expect((await getAs(app, `/api/oauth/telegram/login?${widget('6001')}`)).body).toEqual({ success: false, message: '该 Telegram 账户未绑定' });
  });
});
