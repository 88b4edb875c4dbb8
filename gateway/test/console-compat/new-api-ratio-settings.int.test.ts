import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../api-app.js';

/**
 * Today's new-api console's price settings against Tollgate (web/src/components/settings/RatioSetting.jsx and the pages of
 * web/src/pages/Setting/Ratio/: model ratios, the visual price editor, unset models, group ratios with group-group ratios,
 * auto groups and special usable groups, expression billing and tool prices): the options it reads, each saved as the page
 * saves it (JSON pretty-printed as the page shows it, switches as "true"/"false"), the reset, and the pages that show the result.
 */
const PAGE_KEYS = [
  'ModelPrice', 'ModelRatio', 'CacheRatio', 'CreateCacheRatio', 'CompletionRatio', 'ImageRatio', 'AudioRatio', 'AudioCompletionRatio', 'ExposeRatioEnabled',
  'GroupRatio', 'UserUsableGroups', 'TopupGroupRatio', 'GroupGroupRatio', 'AutoGroups', 'DefaultUseAutoGroup', 'group_ratio_setting.group_special_usable_group',
  'billing_setting.billing_mode', 'billing_setting.billing_expr', 'tool_price_setting.prices',
];

/** What each page saves, in new-api's shapes. */
const SAVED: Record<string, unknown> = {
  ModelPrice: { 'mj_imagine': 0.1 },
  ModelRatio: { 'gpt-4o': 1.25, 'tiered-model': 1 },
  CacheRatio: { 'gpt-4o': 0.5 },
  CreateCacheRatio: { 'gpt-4o': 1.25 },
  CompletionRatio: { 'gpt-4o': 4 },
  ImageRatio: { 'gpt-image-1': 2 },
  AudioRatio: { 'gpt-4o-audio-preview': 16 },
  AudioCompletionRatio: { 'gpt-4o-audio-preview': 2 },
  ExposeRatioEnabled: true,
  GroupRatio: { default: 1, vip: 0.8, premium: 0.5 },
  UserUsableGroups: { default: '默认分组', vip: 'vip分组', auto: '自动选择' },
  TopupGroupRatio: { default: 1, vip: 1 },
  GroupGroupRatio: { vip: { default: 0.9 } },
  AutoGroups: ['vip', 'default'],
  DefaultUseAutoGroup: true,
  'group_ratio_setting.group_special_usable_group': { vip: { '+:premium': '高级分组' } },
  'billing_setting.billing_mode': { 'tiered-model': 'tiered_expr' },
  'billing_setting.billing_expr': { 'tiered-model': 'len <= 1000 ? tier("short", p * 1 + c * 2) : tier("long", p * 2 + c * 4)' },
  'tool_price_setting.prices': { web_search_preview: 10 },
};

/** The page's form value: a switch as the string of its boolean, a table as the page shows it (JSON.stringify(…, null, 2)). */
const asPageSends = (value: unknown) => (typeof value === 'boolean' ? String(value) : JSON.stringify(value, null, 2));

describe("new-api's price settings on Tollgate", () => {
  it('reads every option the pages show as a string, saves each as the pages do, and the rules show where the pages look', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const listed = await root.call<{ key: string; value: unknown }[]>('GET', '/api/option/');
    expect(listed.body.success).toBe(true);
    // RatioSetting.jsx calls value.startsWith on each one: a non-string value would stop the page.
    expect(listed.body.data.filter((option) => typeof option.value !== 'string')).toEqual([]);
    const keys = new Set(listed.body.data.map((option) => option.key));
    expect(PAGE_KEYS.filter((key) => !keys.has(key))).toEqual([]);

    for (const [key, value] of Object.entries(SAVED)) {
      const answer = await root.call('PUT', '/api/option/', { key, value: asPageSends(value) });
      expect({ key, ...answer.body }).toEqual({ key, success: true, message: '' });
    }
    const stored = deps.options.all();
    for (const [key, value] of Object.entries(SAVED)) expect({ key, value: typeof value === 'boolean' ? stored[key] : JSON.parse(stored[key] ?? 'null') }).toEqual({ key, value: typeof value === 'boolean' ? String(value) : value });

    // The unset-models tab lists the models channels serve; the upstream sync of another gateway reads the exposed ratios.
    expect((await root.call<string[]>('GET', '/api/channel/models_enabled')).body.success).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/ratio_config' })).json()).toMatchObject({ success: true, data: { model_ratio: SAVED.ModelRatio, cache_ratio: SAVED.CacheRatio } });

    // The rules reach the pricing page: a vip user pays vip's own ratio for default, may use premium, and auto tries vip then default.
    const bob = await signUp(app, 'bob');
    await deps.users.update(bob.userId, { group: 'vip' });
    const pricing = await bob.call('GET', '/api/pricing');
    expect(pricing.body).toMatchObject({ success: true, group_ratio: { default: 0.9, vip: 0.8, premium: 0.5 }, auto_groups: ['vip', 'default'] });
    expect(Object.keys((pricing.body as unknown as { usable_group: Record<string, string> }).usable_group).sort()).toEqual(['auto', 'default', 'premium', 'vip']);

    // The model ratio tab's reset.
    expect((await root.call('POST', '/api/option/rest_model_ratio')).body.success).toBe(true);
    expect(JSON.parse(deps.options.all().ModelRatio ?? '{}')).not.toEqual(SAVED.ModelRatio);
  });
});
