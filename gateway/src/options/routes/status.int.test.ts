import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';

/** The options saved as an operator saves them, and what /api/status then tells every console. */
async function statusAfter(options: [string, string][]): Promise<Record<string, unknown>> {
  const { app } = await buildApiHarness();
  const root = await login(app, 'root', ROOT_PASSWORD);
  for (const [key, value] of options) expect((await root.call('PUT', '/api/option/', { key, value })).body.success, key).toBe(true);
  return (await app.inject({ method: 'GET', url: '/api/status' })).json<{ data: Record<string, unknown> }>().data;
}

describe('GET /api/status follows the options', () => {
  it('QuotaPerUnit and DisplayInCurrencyEnabled: the console is told how to turn quota into dollars, or to show it raw', async () => {
    expect(await statusAfter([['QuotaPerUnit', '1000']])).toMatchObject({ quota_per_unit: 1000, display_in_currency: true });
    expect(await statusAfter([['DisplayInCurrencyEnabled', 'false']])).toMatchObject({ quota_per_unit: 500000, display_in_currency: false });
  });

  it('TopUpLink, Price, MinTopUp and ServerAddress: the wallet\'s link, price and minimum, and the address chat links carry', async () => {
    const status = await statusAfter([['TopUpLink', 'https://shop.example/buy'], ['Price', '6.5'], ['MinTopUp', '10'], ['ServerAddress', 'https://gw.example']]);
    expect(status).toMatchObject({ top_up_link: 'https://shop.example/buy', price: 6.5, min_topup: 10, server_address: 'https://gw.example' });
  });

  it('PayAddress, EpayId and EpayKey: online top-up is on only when all three are set, and the key never leaves the server', async () => {
    const merchant: [string, string][] = [['ServerAddress', 'https://gw.example'], ['PayAddress', 'https://pay.example'], ['EpayId', '1001']];
    expect((await statusAfter(merchant)).enable_online_topup).toBe(false);
    const status = await statusAfter([...merchant, ['EpayKey', 'merchant-secret']]);
    expect(status.enable_online_topup).toBe(true);
    expect(JSON.stringify(status)).not.toContain('merchant-secret');
  });

  it('SystemName, Logo, Footer, ChatLink, ChatLink2, Chats, DefaultCollapseSidebar, DrawingEnabled, MjNotifyEnabled, TaskEnabled, DataExportEnabled, DataExportDefaultTime, DataExportInterval: each reaches its status field', async () => {
    const chats = [{ NextChat: 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}' }];
    const status = await statusAfter([
      ['SystemName', 'Acme AI'], ['Logo', 'https://cdn.example/acme.png'], ['Footer', '<b>Acme</b>'], ['ChatLink', 'https://c1.example'],
      ['ChatLink2', 'https://c2.example'], ['Chats', JSON.stringify(chats)], ['DefaultCollapseSidebar', 'true'], ['DrawingEnabled', 'true'],
      ['MjNotifyEnabled', 'true'], ['TaskEnabled', 'true'], ['DataExportEnabled', 'false'], ['DataExportDefaultTime', 'week'], ['DataExportInterval', '15'],
    ]);
    expect(status).toMatchObject({
      system_name: 'Acme AI', logo: 'https://cdn.example/acme.png', footer_html: '<b>Acme</b>', chat_link: 'https://c1.example', chat_link2: 'https://c2.example',
      chats, default_collapse_sidebar: true, enable_drawing: true, mj_notify_enabled: true, enable_task: true, enable_data_export: false, data_export_default_time: 'week', data_export_interval: 15,
    });
  });
});
