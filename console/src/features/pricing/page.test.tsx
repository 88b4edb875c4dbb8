import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn } from '../../test/render';
import { PricingPage } from './page';

const entries = [
  { model_name: 'gpt-4o', quota_type: 0, model_ratio: 2.5, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip'] },
  { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.04, enable_groups: ['vip'] },
  { model_name: 'gpt-5', quota_type: 0, model_ratio: 0, completion_ratio: 0, model_price: 0, enable_groups: ['default'], billing_mode: 'tiered_expr', billing_expr: 'len <= 272000 ? tier("base", p * 1.25) : tier("long", p * 2.5)' },
];

/** /api/pricing answers group_ratio and usable_group beside data, which the generic stub cannot express. */
function stubPricing(usable: Record<string, string>, status: object = {}) {
  globalThis.fetch = (async (input: RequestInfo | URL) =>
    String(input).startsWith('/api/pricing')
      ? Response.json({ success: true, message: '', data: entries, group_ratio: { default: 1, vip: 0.5 }, usable_group: usable })
      : Response.json({ success: true, message: '', data: String(input).startsWith('/api/status') ? status : {} })) as typeof fetch;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('PricingPage', () => {
  it('warns a visitor and prices the default group: per 1M tokens by ratio, per call by price', async () => {
    stubPricing({ default: '默认分组' });
    renderPage(<PricingPage />, '/pricing');
    const rows = await screen.findAllByTestId('price-row');
    expect(screen.getByRole('note').textContent).toBe('您还未登陆，显示的价格为默认分组倍率: 1');
    expect(cells(rows[0]!).slice(1)).toEqual(['可用', 'gpt-4o', '按量计费', 'defaultvip', '2.5 / 4 / 1', '提示 $5 / 1M · 补全 $20 / 1M']);
    expect(cells(rows[1]!).slice(1)).toEqual(['当前分组不可用', 'dall-e-3', '按次计费', 'vip', '—', '$0.04']);
    expect(screen.getByTestId('admission-rule').textContent).toContain('余额永不为负');
    // billing_setting.billing_expr: a tiered model shows its expression as its price.
    expect(cells(rows[2]!).slice(3)).toEqual(['表达式计费（阶梯）', 'default', '—', 'len <= 272000 ? tier("base", p * 1.25) : tier("long", p * 2.5)']);
  });

  it('general_setting.quota_display_type: CNY prices in yuan at the exchange rate', async () => {
    localStorage.removeItem('status');
    stubPricing({ default: '默认分组' }, { display_in_currency: true, quota_per_unit: 500_000, quota_display_type: 'CNY', usd_exchange_rate: 7 });
    renderPage(<PricingPage />, '/pricing');
    await waitFor(async () => expect(cells((await screen.findAllByTestId('price-row'))[1]!).at(-1)).toBe('¥0.28'));
    expect(cells(screen.getAllByTestId('price-row')[0]!).at(-1)).toBe('提示 ¥35 / 1M · 补全 ¥140 / 1M');
  });

  it('reprices and re-checks availability for the chosen group, filters by name, and asks before copying none', async () => {
    signIn();
    stubPricing({ default: '默认分组', vip: 'VIP' });
    renderPage(<PricingPage />, '/pricing');
    await screen.findAllByTestId('price-row');
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.change(screen.getByLabelText('分组'), { target: { value: 'vip' } });
    const rows = screen.getAllByTestId('price-row');
    expect(cells(rows[1]!)[1]).toBe('可用');
    expect(cells(rows[1]!)[6]).toBe('$0.02');
    fireEvent.change(screen.getByLabelText('模糊搜索模型名称'), { target: { value: 'GPT-4' } });
    expect(screen.getAllByTestId('price-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '复制选中模型' }));
    expect(await screen.findByText('请至少选择一个模型！')).toBeTruthy();
  });
});
