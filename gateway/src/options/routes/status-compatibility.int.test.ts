import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';

/** Saves options through PUT /api/option/ as new-api's console does, then reads /api/status. */
async function afterSaving(options: [string, string][]) {
  const { app } = await buildApiHarness();
  const root = await login(app, 'root', ROOT_PASSWORD);
  for (const [key, value] of options) expect((await root.call('PUT', '/api/option/', { key, value })).body, key).toMatchObject({ success: true });
  const status = (await app.inject({ method: 'GET', url: '/api/status' })).json<{ data: Record<string, unknown> }>().data;
  const saved = Object.fromEntries(((await root.call<{ key: string; value: string }[]>('GET', '/api/option/')).body.data ?? []).map((o) => [o.key, o.value]));
  return { app, root, status, saved };
}

describe("new-api's later /api/status fields follow the options (issue #25)", () => {
  it('general_setting.docs_link, general_setting.quota_display_type, general_setting.custom_currency_symbol and general_setting.custom_currency_exchange_rate reach docs_link and the quota display fields', async () => {
    const { status, saved } = await afterSaving([
      ['general_setting.docs_link', 'https://docs.example.com/'],
      ['general_setting.quota_display_type', 'CUSTOM'],
      ['general_setting.custom_currency_symbol', '€'],
      ['general_setting.custom_currency_exchange_rate', '0.92'],
    ]);
    expect(status).toMatchObject({ docs_link: 'https://docs.example.com', quota_display_type: 'CUSTOM', custom_currency_symbol: '€', custom_currency_exchange_rate: 0.92, display_in_currency: true });
    expect(saved['general_setting.quota_display_type']).toBe('CUSTOM');
    expect((await afterSaving([['general_setting.quota_display_type', 'TOKENS']])).status).toMatchObject({ quota_display_type: 'TOKENS', display_in_currency: false });
  });

  it('general_setting.quota_display_type: a value new-api does not know is refused, naming the choices', async () => {
    const { root } = await afterSaving([]);
    expect((await root.call('PUT', '/api/option/', { key: 'general_setting.quota_display_type', value: 'EUR' })).body).toMatchObject({ success: false, message: expect.stringContaining('USD、CNY、TOKENS、CUSTOM') });
  });

  it('legal.user_agreement and legal.privacy_policy: saved texts are served to visitors and switch on their status flags', async () => {
    const { app, status } = await afterSaving([['legal.user_agreement', '# Terms\nBe kind.'], ['legal.privacy_policy', '<p>We keep logs 30 days.</p>']]);
    expect(status).toMatchObject({ user_agreement_enabled: true, privacy_policy_enabled: true });
    expect((await app.inject({ method: 'GET', url: '/api/user-agreement' })).json()).toEqual({ success: true, message: '', data: '# Terms\nBe kind.' });
    expect((await app.inject({ method: 'GET', url: '/api/privacy-policy' })).json()).toEqual({ success: true, message: '', data: '<p>We keep logs 30 days.</p>' });
    expect((await afterSaving([])).status).toMatchObject({ user_agreement_enabled: false, privacy_policy_enabled: false });
  });

  it('SelfUseModeEnabled and DemoSiteEnabled reach self_use_mode_enabled and demo_site_enabled', async () => {
    expect((await afterSaving([])).status).toMatchObject({ self_use_mode_enabled: false, demo_site_enabled: false });
    expect((await afterSaving([['SelfUseModeEnabled', 'true'], ['DemoSiteEnabled', 'true']])).status).toMatchObject({ self_use_mode_enabled: true, demo_site_enabled: true });
  });

  it('every key of the issue is saved by PUT /api/option/ and listed back (ModelRequestRateLimitGroup, ImageRatio, global.pass_through_request_enabled, AutomaticDisableKeywords, token_setting.max_user_tokens among them)', async () => {
    const values: [string, string][] = [
      ['ModelRequestRateLimitEnabled', 'true'],
      ['ModelRequestRateLimitDurationMinutes', '2'],
      ['ModelRequestRateLimitCount', '10'],
      ['ModelRequestRateLimitSuccessCount', '5'],
      ['ModelRequestRateLimitGroup', '{"vip":[0,50]}'],
      ['ImageRatio', '{"gpt-image-1":2,"gpt-4o":1.5}'],
      ['global.pass_through_request_enabled', 'true'],
      ['AutomaticDisableKeywords', 'quota exceeded\naccount suspended'],
      ['AutomaticDisableStatusCodes', '401,403'],
      ['AutomaticRetryStatusCodes', '429,500-599'],
      ['token_setting.max_user_tokens', '20'],
    ];
    const { saved, root } = await afterSaving(values);
    expect(Object.fromEntries(values.map(([key]) => [key, saved[key]]))).toEqual(Object.fromEntries(values));
    expect((await root.call('PUT', '/api/option/', { key: 'ModelRequestRateLimitGroup', value: '{"vip":[5,0]}' })).body.success).toBe(false);
  });

  it('StripeUnitPrice reaches stripe_unit_price, which new-api\'s wallet shows beside Stripe', async () => {
    expect((await afterSaving([])).status).toMatchObject({ stripe_unit_price: 8 });
    expect((await afterSaving([['StripeUnitPrice', '7.5']])).status).toMatchObject({ stripe_unit_price: 7.5 });
  });
});
