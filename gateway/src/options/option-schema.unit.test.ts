import { describe, expect, it } from 'vitest';
import { optionDefaults } from './option-defaults.js';
import { checkOptionValue } from './option-schema.js';

describe('option values', () => {
  it('given every default, then it passes its own check unchanged', () => {
    for (const [key, value] of Object.entries(optionDefaults)) expect({ key, checked: checkOptionValue(key, value) }).toEqual({ key, checked: { ok: true, value } });
  });

  it.each([
    ['Logo', '/logo.png'],
    ['Logo', 'https://cdn.example.com/logo.svg'],
    ['Logo', 'data:image/png;base64,iVBORw0KGgo='],
    ['ServerAddress', ''],
    ['ChatLink', 'https://chat.example.com/#/?key={key}'],
    ['Chats', '[{"ChatGPT Next Web":"https://app.nextchat.dev/#/?settings={\\"key\\":\\"{key}\\",\\"url\\":\\"{address}\\"}"}]'],
    ['ModelPrice', '{"mj_imagine":0.1,"suno_music":0}'],
    ['UserUsableGroups', '{"default":"默认分组"}'],
    ['GroupGroupRatio', '{"vip":{"default":0.8,"vip":0.5}}'],
    ['AutoGroups', '["cheap","default"]'],
    ['billing_setting.billing_mode', '{"gpt-5":"tiered_expr","gpt-4o":"ratio"}'],
    ['billing_setting.billing_expr', '{"gpt-5":"len <= 272000 ? tier(\\"base\\", p * 1.25 + c * 10 + cr * 0.125) : tier(\\"long\\", p * 2.5 + c * 15)"}'],
    ['ModelRatio', '{"__proto__":1,"constructor":2,"toString":0.5}'],
    ['ChannelTestFrequency', '0.5'],
    ['ChannelDisableThreshold', '2.5'],
    ['SMTPPort', '465'],
    ['DataExportDefaultTime', 'week'],
    ['HomePageContent', 'https://example.com/home'],
  ])('given %s = %s, then it is stored as given', (key, value) => {
    expect(checkOptionValue(key, value)).toEqual({ ok: true, value });
  });

  it.each([
    ['PayAddress', 'https://pay.example.com/', 'https://pay.example.com'],
    ['WorkerUrl', ' http://worker.local:8080// ', 'http://worker.local:8080'],
    ['EmailDomainWhitelist', 'QQ.com\n163.com, qq.com', 'qq.com,163.com'],
    ['RetryTimes', ' 3 ', '3'],
  ])('given %s = %j, then it is stored normalised', (key, value, stored) => {
    expect(checkOptionValue(key, value)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['Chats', '[{"a":"x","b":"y"}]'],
    ['Chats', '[{"a":1}]'],
    ['ModelRatio', '{"m":"1"}'],
    ['QuotaForNewUser', '1e3'],
    ['ChannelTestFrequency', '-1'],
    ['MinTopUp', ''],
    ['DrawingEnabled', 'TRUE'],
    ['CustomCallbackAddress', 'ftp://files.example.com'],
    // Issue #33: zod's records skip a `__proto__` key, but the relay reads it as a model or group name.
    ['ModelRatio', '{"__proto__":-5,"m":1}'],
    ['GroupRatio', '{"__proto__":"cheap"}'],
    ['UserUsableGroups', '{"__proto__":{"x":1}}'],
    ['ModelRequestRateLimitGroup', '{"__proto__":"x"}'],
    ['Chats', '[{"__proto__":7}]'],
    ['GroupGroupRatio', '{"vip":0.5}'],
    ['GroupGroupRatio', '{"vip":{"vip":-1}}'],
    ['GroupGroupRatio', '{"vip":{"__proto__":"x"}}'],
    ['AutoGroups', '{"default":1}'],
    ['AutoGroups', '["default",1]'],
    ['DefaultUseAutoGroup', 'yes'],
    ['billing_setting.billing_expr', '{"m":"p * 2"}'],
    ['billing_setting.billing_expr', '{"m":"tier(\\"x\\", header(\\"a\\") * 2)"}'],
    ['billing_setting.billing_mode', '{"m":1}'],
  ])('given %s = %j, then it is refused', (key, value) => {
    expect(checkOptionValue(key, value)).toMatchObject({ ok: false, problem: expect.stringContaining(key) });
  });
});
