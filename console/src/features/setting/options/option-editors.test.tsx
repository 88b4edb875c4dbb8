import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../../test/render';
import { SettingPage } from '../page';

const stored = { ServerAddress: '', ModelRatio: '{"gpt-4":15}', GroupRatio: '{"default":1}', TopupGroupRatio: '{"default":1}', Chats: '[]', Notice: '', SystemName: 'Tollgate', PasswordLoginEnabled: 'true' };
const optionList = Object.entries(stored).map(([key, value]) => ({ key, value }));

function open(tab: string, extra: Record<string, unknown> = {}) {
  signIn(100);
  const calls = stubApi({ 'GET /api/option/': optionList, 'PUT /api/option/': null, ...extra });
  renderPage(<SettingPage />, `/setting?tab=${tab}`);
  return calls;
}
const group = async (title: string) => screen.findByRole('region', { name: title });
const puts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('root option editors', () => {
  it('saves only the changed option of a group and says so', async () => {
    const calls = open('other');
    const branding = await group('个性化设置');
    fireEvent.change(within(branding).getByLabelText('系统名称'), { target: { value: 'Acme AI' } });
    fireEvent.click(within(branding).getByRole('button', { name: '保存个性化设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(calls)).toEqual([{ key: 'SystemName', value: 'Acme AI' }]);
  });

  it('warns when nothing changed and sends nothing', async () => {
    const calls = open('other');
    fireEvent.click(within(await group('公告')).getByRole('button', { name: '保存公告' }));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('refuses a ratio map that is not JSON', async () => {
    const calls = open('operation');
    const ratios = await group('倍率设置');
    fireEvent.change(within(ratios).getByLabelText('模型倍率'), { target: { value: '{"gpt-4":' } });
    fireEvent.click(within(ratios).getByRole('button', { name: '保存倍率设置' }));
    expect(await screen.findByText('ModelRatio 不是合法的 JSON 字符串')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('channel_affinity_setting.rules, channel_affinity_setting.switch_on_success: the channel affinity group saves its rules and switches', async () => {
    const calls = open('operation', { 'GET /api/option/': [...optionList, { key: 'channel_affinity_setting.switch_on_success', value: 'true' }, { key: 'channel_affinity_setting.rules', value: '[]' }] });
    const affinity = await group('渠道亲和');
    const rules = JSON.stringify([{ name: 'by user', model_regex: ['.*'], key_sources: [{ type: 'context_int', key: 'id' }] }]);
    fireEvent.change(within(affinity).getByLabelText(/^亲和规则/), { target: { value: rules } });
    fireEvent.click(within(affinity).getByRole('switch', { name: '重试成功后切换到成功的渠道' }));
    fireEvent.click(within(affinity).getByRole('button', { name: '保存渠道亲和' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(calls)).toEqual(expect.arrayContaining([{ key: 'channel_affinity_setting.rules', value: rules }, { key: 'channel_affinity_setting.switch_on_success', value: 'false' }]));
  });

  it('refuses a chat configuration that is not JSON', async () => {
    open('operation');
    const chats = await group('聊天设置');
    fireEvent.change(within(chats).getByLabelText('聊天应用配置'), { target: { value: '[{"x":' } });
    fireEvent.click(within(chats).getByRole('button', { name: '保存聊天设置' }));
    expect(await screen.findByText('Chats 不是合法的 JSON 字符串')).toBeTruthy();
  });

  it('wants the server address before saving payment', async () => {
    const calls = open('system');
    const payment = await group('支付设置');
    fireEvent.change(within(payment).getByLabelText('充值价格（x元/美金）'), { target: { value: '8' } });
    fireEvent.click(within(payment).getByRole('button', { name: '保存支付设置' }));
    expect(await screen.findByText('请先填写服务器地址')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('oidc.well_known: the OIDC group wants the server address (its redirect URI) before saving', async () => {
    const calls = open('system');
    const oidc = await group('配置 OIDC');
    fireEvent.change(within(oidc).getByLabelText('Well-Known URL'), { target: { value: 'https://idp.example/.well-known/openid-configuration' } });
    fireEvent.click(within(oidc).getByRole('button', { name: '保存配置 OIDC' }));
    expect(await screen.findByText('请先填写服务器地址')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('names the top-up group ratio when it is not JSON', async () => {
    signIn(100);
    const withAddress = optionList.map((o) => (o.key === 'ServerAddress' ? { key: o.key, value: 'https://gw.example' } : o));
    const calls = stubApi({ 'GET /api/option/': withAddress, 'PUT /api/option/': null });
    renderPage(<SettingPage />, '/setting?tab=system');
    const payment = await group('支付设置');
    fireEvent.change(within(payment).getByLabelText('充值分组倍率'), { target: { value: 'vip=2' } });
    fireEvent.click(within(payment).getByRole('button', { name: '保存支付设置' }));
    expect(await screen.findByText('充值分组倍率不是合法的 JSON 字符串')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('shows the server refusal in place', async () => {
    open('other', { 'PUT /api/option/': { reply: { success: false, message: 'Notice 太长' } } });
    const notice = await group('公告');
    fireEvent.change(within(notice).getByLabelText('公告'), { target: { value: 'hello' } });
    fireEvent.click(within(notice).getByRole('button', { name: '保存公告' }));
    expect(await screen.findByText('Notice 太长')).toBeTruthy();
    expect(await screen.findByText('保存失败，请重试')).toBeTruthy();
    expect(screen.queryByText('保存成功')).toBeNull();
  });

  it('tries every changed key, shows each refusal, and says the save was partial', async () => {
    const calls = open('other');
    const answered = globalThis.fetch;
    // The server refuses the logo and takes the system name.
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PUT' && String(init.body).includes('"Logo"')) {
        calls.push({ method: 'PUT', url: String(input), body: JSON.parse(String(init.body)), headers: new Headers(init.headers) });
        return Response.json({ success: false, message: 'Logo 不是图片地址', data: null });
      }
      return answered(input, init);
    }) as typeof fetch;
    const branding = await group('个性化设置');
    fireEvent.change(within(branding).getByLabelText('Logo 图片地址'), { target: { value: 'not-a-url' } });
    fireEvent.change(within(branding).getByLabelText('系统名称'), { target: { value: 'Acme AI' } });
    fireEvent.click(within(branding).getByRole('button', { name: '保存个性化设置' }));
    expect(await screen.findByText('Logo 不是图片地址')).toBeTruthy();
    expect(await screen.findByText('部分保存失败，请重试')).toBeTruthy();
    expect(puts(calls).map((body) => (body as { key: string }).key).sort()).toEqual(['Logo', 'SystemName']);
  });

  it('asks before turning password login off, and keeps it on when cancelled', async () => {
    const calls = open('system');
    const login = await group('配置登录注册');
    const passwordSwitch = within(login).getByRole('switch', { name: '允许通过密码进行登录' });
    fireEvent.click(passwordSwitch);
    const warning = '确定要取消密码登录吗？如果你没有绑定其他登录方式，这可能会导致你无法登录！';
    expect(await screen.findByText(warning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(passwordSwitch.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(passwordSwitch);
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(passwordSwitch.getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(within(login).getByRole('button', { name: '保存配置登录注册' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]));
  });

  it('asks for a time before deleting logs', async () => {
    open('operation');
    fireEvent.click(await screen.findByRole('button', { name: '清除历史日志' }));
    expect(await screen.findByText('请选择日志记录时间')).toBeTruthy();
  });

  it('asks before deleting logs, and says 日志清理失败： with the reason when it fails', async () => {
    const calls = open('operation', { 'DELETE /api/log/': { reply: { success: false, message: '无权进行此操作' } } });
    fireEvent.change(await screen.findByLabelText('日志记录时间'), { target: { value: '2026-01-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: '清除历史日志' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定要删除该时间之前的所有日志吗？');
    expect(calls.some((call) => call.method === 'DELETE'), 'nothing deleted before the confirm').toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '清除历史日志' }));
    expect(await screen.findByText('日志清理失败：无权进行此操作')).toBeTruthy();
  });
});
