import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../../test/render';
import { SettingPage } from '../page';

const stored = { 'general_setting.quota_display_type': 'USD', ModelRequestRateLimitEnabled: 'false', SelfUseModeEnabled: 'false', DemoSiteEnabled: 'false', 'global.pass_through_request_enabled': 'false', 'fetch_setting.enable_ssrf_protection': 'true', 'fetch_setting.allow_private_ip': 'false', 'fetch_setting.allowed_ports': '["80","443","8080","8443"]' };

function open(tab: string) {
  signIn(100);
  const calls = stubApi({ 'GET /api/option/': Object.entries(stored).map(([key, value]) => ({ key, value })), 'PUT /api/option/': null });
  renderPage(<SettingPage />, `/setting?tab=${tab}`);
  return calls;
}
const puts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const type = (region: HTMLElement, label: string, value: string) => fireEvent.change(within(region).getByLabelText(label), { target: { value } });
const save = async (region: HTMLElement, title: string) => {
  fireEvent.click(within(region).getByRole('button', { name: `保存${title}` }));
  expect(await screen.findByText('保存成功')).toBeTruthy();
};

// The operation tab renders every editor at once; on a loaded machine its first render alone takes seconds.
describe("the settings pages save new-api's site options (issue #25)", { timeout: 15_000 }, () => {
  it('general_setting.docs_link, general_setting.quota_display_type, general_setting.custom_currency_symbol, general_setting.custom_currency_exchange_rate, token_setting.max_user_tokens and global.pass_through_request_enabled are saved from the general group', async () => {
    const calls = open('operation');
    const general = await screen.findByRole('region', { name: '通用设置' });
    type(general, '文档地址', 'https://docs.example.com');
    fireEvent.change(within(general).getByLabelText('额度展示类型'), { target: { value: 'CUSTOM' } });
    type(general, '自定义货币符号', '€');
    type(general, '自定义货币汇率（1 美元 = ?）', '0.92');
    type(general, '用户最大令牌数量', '50');
    fireEvent.click(within(general).getByRole('switch', { name: '启用请求透传' }));
    await save(general, '通用设置');
    expect(puts(calls)).toEqual([
      { key: 'general_setting.docs_link', value: 'https://docs.example.com' },
      { key: 'token_setting.max_user_tokens', value: '50' },
      { key: 'general_setting.quota_display_type', value: 'CUSTOM' },
      { key: 'general_setting.custom_currency_symbol', value: '€' },
      { key: 'general_setting.custom_currency_exchange_rate', value: '0.92' },
      { key: 'global.pass_through_request_enabled', value: 'true' },
    ]);
  });

  it('SelfUseModeEnabled and DemoSiteEnabled are saved from the site modes group', async () => {
    const calls = open('operation');
    const modes = await screen.findByRole('region', { name: '站点模式' });
    fireEvent.click(within(modes).getByRole('switch', { name: '自用模式（未设置价格的模型也可使用）' }));
    fireEvent.click(within(modes).getByRole('switch', { name: '演示站点模式' }));
    await save(modes, '站点模式');
    expect(puts(calls)).toEqual([{ key: 'SelfUseModeEnabled', value: 'true' }, { key: 'DemoSiteEnabled', value: 'true' }]);
  });

  it('ModelRequestRateLimitEnabled, ModelRequestRateLimitDurationMinutes, ModelRequestRateLimitCount, ModelRequestRateLimitSuccessCount and ModelRequestRateLimitGroup are saved from the rate limit group; a group map that is not JSON is refused first', async () => {
    const calls = open('operation');
    const limits = await screen.findByRole('region', { name: '模型请求速率限制' });
    fireEvent.click(within(limits).getByRole('switch', { name: '启用用户模型请求速率限制' }));
    type(limits, '限制周期（分钟）', '2');
    type(limits, '用户每周期最多请求次数（包括失败，0 表示不限制）', '30');
    type(limits, '用户每周期最多请求完成次数', '20');
    type(limits, '分组速率限制（{"分组": [总请求数, 成功请求数]}）', '{"vip": [0,');
    fireEvent.click(within(limits).getByRole('button', { name: '保存模型请求速率限制' }));
    expect(await screen.findByText('ModelRequestRateLimitGroup 不是合法的 JSON 字符串')).toBeTruthy();
    type(limits, '分组速率限制（{"分组": [总请求数, 成功请求数]}）', '{"vip":[0,100]}');
    await save(limits, '模型请求速率限制');
    expect(puts(calls)).toEqual([
      { key: 'ModelRequestRateLimitEnabled', value: 'true' },
      { key: 'ModelRequestRateLimitDurationMinutes', value: '2' },
      { key: 'ModelRequestRateLimitCount', value: '30' },
      { key: 'ModelRequestRateLimitSuccessCount', value: '20' },
      { key: 'ModelRequestRateLimitGroup', value: '{"vip":[0,100]}' },
    ]);
  });

  it('AutomaticDisableStatusCodes, AutomaticRetryStatusCodes and AutomaticDisableKeywords are saved from the monitoring group, ImageRatio from the ratios', async () => {
    const calls = open('operation');
    const monitor = await screen.findByRole('region', { name: '监控设置' });
    type(monitor, '自动禁用状态码（如 401,403,500-503）', '401,403');
    type(monitor, '自动重试状态码（如 429,500-599）', '429,500-599');
    type(monitor, '自动禁用关键词，一行一个', 'quota exceeded\naccount suspended');
    await save(monitor, '监控设置');
    const ratios = await screen.findByRole('region', { name: '倍率设置' });
    type(ratios, '图片输入倍率', '{"gpt-image-1":2}');
    fireEvent.click(within(ratios).getByRole('button', { name: '保存倍率设置' }));
    await screen.findAllByText('保存成功');
    expect(puts(calls)).toEqual([
      { key: 'AutomaticDisableStatusCodes', value: '401,403' },
      { key: 'AutomaticRetryStatusCodes', value: '429,500-599' },
      { key: 'AutomaticDisableKeywords', value: 'quota exceeded\naccount suspended' },
      { key: 'ImageRatio', value: '{"gpt-image-1":2}' },
    ]);
  });

  it('CircuitBreakerFailureThreshold, CircuitBreakerWindowSeconds, CircuitBreakerCoolDownSeconds and CircuitBreakerMaxCoolDownSeconds are saved from the circuit breaker group', async () => {
    const calls = open('operation');
    const breaker = await screen.findByRole('region', { name: '熔断设置' });
    type(breaker, '熔断失败次数（0 表示关闭熔断）', '5');
    type(breaker, '熔断统计窗口（秒）', '60');
    type(breaker, '熔断冷却时间（秒）', '0.5');
    type(breaker, '最长冷却时间（秒，探测失败时加倍直至此值）', '600');
    await save(breaker, '熔断设置');
    expect(puts(calls)).toEqual([
      { key: 'CircuitBreakerFailureThreshold', value: '5' },
      { key: 'CircuitBreakerWindowSeconds', value: '60' },
      { key: 'CircuitBreakerCoolDownSeconds', value: '0.5' },
      { key: 'CircuitBreakerMaxCoolDownSeconds', value: '600' },
    ]);
  });

  it('legal.user_agreement and legal.privacy_policy are saved from the other tab', async () => {
    const calls = open('other');
    const legal = await screen.findByRole('region', { name: '用户协议与隐私政策' });
    type(legal, '用户协议（Markdown 或网址）', '# Terms');
    type(legal, '隐私政策（Markdown 或网址）', 'https://example.com/privacy');
    await save(legal, '用户协议与隐私政策');
    expect(puts(calls)).toEqual([{ key: 'legal.user_agreement', value: '# Terms' }, { key: 'legal.privacy_policy', value: 'https://example.com/privacy' }]);
  });

  it('fetch_setting.allow_private_ip and fetch_setting.allowed_ports are saved from the SSRF group of the system tab; a port list that is not JSON is refused first', async () => {
    const calls = open('system');
    const ssrf = await screen.findByRole('region', { name: 'SSRF 防护' });
    expect(within(ssrf).getByRole('switch', { name: '启用 SSRF 防护（Webhook、任务图片等用户或上游给出的地址）' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(ssrf).getByRole('switch', { name: '允许访问私有 IP 地址' }));
    const ports = '允许的端口（JSON 数组，如 ["80", "443", "8000-9000"]）';
    type(ssrf, ports, '["443", 8000');
    fireEvent.click(within(ssrf).getByRole('button', { name: '保存SSRF 防护' }));
    expect(await screen.findByText('fetch_setting.allowed_ports 不是合法的 JSON 字符串')).toBeTruthy();
    type(ssrf, ports, '["443","8000-9000"]');
    await save(ssrf, 'SSRF 防护');
    expect(puts(calls)).toEqual([
      { key: 'fetch_setting.allow_private_ip', value: 'true' },
      { key: 'fetch_setting.allowed_ports', value: '["443","8000-9000"]' },
    ]);
  });
});
