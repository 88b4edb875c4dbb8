import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { ChannelFormPage } from './form-page';

/** Many-step flows in jsdom; the shared 2-core machines run them well past the 5 s default. */
const SLOW_UI = { timeout: 20_000 };
const common = { '/api/channel/models': [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }], '/api/group/': ['default', 'vip'], '/api/status': {} };
const saved = { id: 5, type: 18, name: 'spark', status: 1, base_url: '', other: '', models: 'spark-3', group: 'default,vip', model_mapping: '', status_code_mapping: '', openai_organization: '', test_model: '', auto_ban: 1, priority: 3, weight: 2, balance: 0, used_quota: 0, response_time: 0, test_time: 0, created_time: 0, other_info: '' };

const editPage = (id: number) => renderPage(<Routes><Route path="/channel/edit/:id" element={<ChannelFormPage />} /></Routes>, `/channel/edit/${id}`);
const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

describe('ChannelFormPage (add)', SLOW_UI, () => {
  it('gives each validation message of the spec in turn', async () => {
    signIn(100);
    stubApi(common);
    renderPage(<ChannelFormPage />, '/channel/add');
    submit();
    expect(await screen.findByText('请填写渠道名称和渠道密钥！')).toBeTruthy();
    change('名称', 'my openai');
    change('密钥', 'sk-one');
    submit();
    expect(await screen.findByText('请至少选择一个模型！')).toBeTruthy();
    change('输入自定义模型名称', 'gpt-4o, my-model');
    fireEvent.click(screen.getByRole('button', { name: '填入' }));
    change('输入自定义模型名称', 'gpt-4o');
    fireEvent.click(screen.getByRole('button', { name: '填入' }));
    expect(await screen.findByText('某些模型已存在！')).toBeTruthy();
    change('模型重定向', '{bad');
    submit();
    expect(await screen.findByText('模型映射必须是合法的 JSON 格式！')).toBeTruthy();
    change('模型重定向', '');
    change('参数覆盖', '[1]');
    submit();
    expect(await screen.findByText('参数覆盖必须是合法的 JSON 格式')).toBeTruthy();
    change('参数覆盖', '');
    change('请求头覆盖', '"x"');
    submit();
    expect(await screen.findByText('请求头覆盖必须是合法的 JSON 格式')).toBeTruthy();
  });

  it('creates one channel per key line, trimming the base URL and clamping priority and weight', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/': [7, 8] });
    renderPage(<ChannelFormPage />, '/channel/add');
    change('名称', 'my openai');
    fireEvent.click(screen.getByLabelText('批量创建（一行一个密钥）'));
    change('密钥', 'sk-one\n\nsk-two\n');
    change('输入自定义模型名称', 'gpt-4o,my-model');
    fireEvent.click(screen.getByRole('button', { name: '填入' }));
    fireEvent.click(screen.getAllByRole('button', { name: '填入模板' })[0]!);
    change('代理地址', 'http://upstream.test/');
    change('优先级', '-5000');
    change('权重', '-3');
    fireEvent.click(await screen.findByLabelText('vip'));
    submit();
    expect(await screen.findByText('渠道创建成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      mode: 'batch',
      channel: { type: 1, name: 'my openai', key: 'sk-one\n\nsk-two', base_url: 'http://upstream.test', other: '', models: 'gpt-4o,my-model', group: 'default,vip', model_mapping: '{\n  "gpt-3.5-turbo": "gpt-3.5-turbo-0125"\n}', status_code_mapping: '', openai_organization: '', test_model: '', auto_ban: 1, priority: -999, weight: 0, tag: '', remark: '', setting: '', param_override: '', header_override: '', settings: '' },
    });
  });

  it('shows the key format of the chosen type, and defaults Azure\'s API version', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'POST /api/channel/': [9] });
    renderPage(<ChannelFormPage />, '/channel/add');
    const key = () => screen.getByLabelText('密钥').getAttribute('placeholder');
    expect(key()).toBe('请输入渠道对应的鉴权密钥');
    const hints: [string, string][] = [['15', 'APIKey|SecretKey'], ['18', 'APPID|APISecret|APIKey'], ['22', 'APIKey-AppId'], ['23', 'AppId|SecretId|SecretKey'], ['33', 'Ak|Sk|Region'], ['41', '请输入服务账户的 JSON 密钥']];
    for (const [type, hint] of hints) {
      change('类型', type);
      expect(key()).toContain(hint);
    }
    expect(screen.getByLabelText('密钥').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('部署地区')).toBeTruthy();
    change('类型', '3');
    expect(screen.getByLabelText('默认 API 版本')).toBeTruthy();
    change('名称', 'azure');
    change('密钥', 'az-key');
    await screen.findByRole('option', { name: 'gpt-4o' });
    change('模型', 'gpt-4o');
    submit();
    expect(await screen.findByText('渠道创建成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ mode: 'single', channel: { type: 3, other: '2023-06-01-preview', models: 'gpt-4o' } });
  });

  it('fetches models only for the OpenAI type, and a new channel needs a key first', async () => {
    signIn(100);
    stubApi(common);
    renderPage(<ChannelFormPage />, '/channel/add');
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('请填写密钥')).toBeTruthy();
    change('类型', '14');
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('仅支持 OpenAI 接口格式')).toBeTruthy();
  });
});

describe('ChannelFormPage (edit)', SLOW_UI, () => {
  it('loads the channel, keeps the key when left empty, and defaults Xunfei\'s version', async () => {
    signIn(100);
    const calls = stubApi({ ...common, '/api/channel/5': saved, 'PUT /api/channel/': saved });
    editPage(5);
    expect(await screen.findByDisplayValue('spark')).toBeTruthy();
    expect(screen.getByLabelText('密钥').getAttribute('placeholder')).toBe('密钥已隐藏，留空则保持不变');
    expect(screen.queryByLabelText('批量创建（一行一个密钥）')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '移除 spark-3' }));
    submit();
    expect(await screen.findByText('请至少选择一个模型！')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '填入所有模型' }));
    submit();
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 5, key: '', other: 'v2.1', models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', priority: 3, weight: 2 });
  });

  it('sends tag, remark and the overrides as typed', async () => {
    signIn(100);
    const calls = stubApi({ ...common, '/api/channel/5': saved, 'PUT /api/channel/': saved });
    editPage(5);
    expect(await screen.findByDisplayValue('spark')).toBeTruthy();
    change('标签', ' team-a ');
    change('备注', 'billing');
    change('参数覆盖', '{"temperature":0}');
    change('请求头覆盖', '{"X-Key":"{api_key}"}');
    submit();
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ tag: 'team-a', remark: 'billing', param_override: '{"temperature":0}', header_override: '{"X-Key":"{api_key}"}', setting: '' });
  });

  it('turns on the upstream model check and its auto-sync in the channel\'s settings, keeping what detection stored there', async () => {
    signIn(100);
    const stored = { ...saved, settings: JSON.stringify({ upstream_model_update_last_detected_models: ['spark-4'] }) };
    const calls = stubApi({ ...common, '/api/channel/5': stored, 'PUT /api/channel/': stored });
    editPage(5);
    expect(await screen.findByDisplayValue('spark')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: '自动同步上游模型更新' })).toBeNull(); // only once checking is on
    fireEvent.click(screen.getByRole('switch', { name: '检测上游模型更新' }));
    fireEvent.click(await screen.findByRole('switch', { name: '自动同步上游模型更新' }));
    submit();
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    const sent = (calls.find((c) => c.method === 'PUT')?.body as { settings: string }).settings;
    expect(JSON.parse(sent)).toEqual({ upstream_model_update_last_detected_models: ['spark-4'], upstream_model_update_check_enabled: true, upstream_model_update_auto_sync_enabled: true });
  });

  it('fetches a saved OpenAI channel\'s models through the gateway, and says when it fails', async () => {
    signIn(100);
    const calls = stubApi({ ...common, '/api/channel/5': { ...saved, type: 1 }, '/api/channel/fetch_models/5': ['o1', 'spark-3'] });
    editPage(5);
    await screen.findByDisplayValue('spark');
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('获取模型列表成功')).toBeTruthy();
    expect(screen.getByTestId('channel-models').textContent).toBe('spark-3 ×o1 ×');
    expect(calls.map((c) => c.url)).toContain('/api/channel/fetch_models/5');
    stubApi({ ...common, '/api/channel/fetch_models/5': { reply: { success: false, message: '获取模型列表失败：401' } } });
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('获取模型列表失败')).toBeTruthy();
  });

  it('says the channel was not found when it cannot be loaded', async () => {
    signIn(100);
    stubApi({ ...common, '/api/channel/404': { reply: { success: false, message: '渠道不存在' } } });
    editPage(404);
    expect(await screen.findByText('渠道未找到，请刷新页面后重试。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '提交' })).toBeNull());
  });
});

describe('ChannelFormPage (new OpenAI channel)', SLOW_UI, () => {
  it('asks the provider for its models from the browser with the first entered key', async () => {
    signIn(100);
    const calls = stubApi({ ...common, 'http://upstream.test/v1/models': [{ id: 'gpt-4o' }, { id: 'o3' }] });
    renderPage(<ChannelFormPage />, '/channel/add');
    fireEvent.click(screen.getByLabelText('批量创建（一行一个密钥）'));
    change('密钥', 'sk-first\nsk-second');
    change('代理地址', 'http://upstream.test/');
    fireEvent.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('获取模型列表成功')).toBeTruthy();
    expect(screen.getByTestId('channel-models').textContent).toBe('gpt-4o ×o3 ×');
    const asked = calls.find((c) => c.url === 'http://upstream.test/v1/models');
    expect(asked?.headers.get('authorization')).toBe('Bearer sk-first');
  });
});
