import bcrypt from 'bcryptjs';
import { type FixtureEngine, openFixtureEngine } from './fixture-engines.js';
import { newApiSchema, quoteName } from './new-api-tables.js';

/** What the fixture holds, for the test to compare Tollgate against. */
export const alice = { id: 2, username: 'alice', password: 'alice-old-password', quota: 4_000_000, usedQuota: 123_456, requestCount: 77, affQuota: 500, affHistory: 900, affCount: 2, remark: 'pays by invoice; VIP since 2024' };
export const aliceKey = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4';
export const aliceToken = { id: 5, remainQuota: 3_000_000, usedQuota: 100_000 };
export const unlimitedToken = { id: 6, key: 'Z'.repeat(48), usedQuota: 23_456 };
export const channel = { id: 3, usedQuota: 987_654, model: 'gpt-4o-mini' };
/**
 * The channel's new-api extras: its tag, note, setting and overrides, as new-api's console saves them, and its other
 * settings (`settings`: the upstream model update's fields beside one Tollgate does not read, kept as they are).
 */
export const channelExtras = {
  tag: 'main-tag', remark: 'team A account', setting: '{"force_format":true}', paramOverride: '{"temperature":0.3}', headerOverride: '{"X-Team":"ops"}',
  settings: JSON.stringify({ azure_responses_version: '', upstream_model_update_check_enabled: false, upstream_model_update_auto_sync_enabled: false, upstream_model_update_last_check_time: 1_700_000_200, upstream_model_update_last_detected_models: ['gpt-4.1'], upstream_model_update_last_removed_models: [], upstream_model_update_ignored_models: ['o1'] }),
};
/** new-api's price rules of #39, as its ratio pages save them: each is carried as it is (gpt-4o-mini, the model the scenario calls, keeps its plain ratios). */
export const priceRules = {
  CacheRatio: JSON.stringify({ 'gpt-4o': 0.5 }),
  CreateCacheRatio: JSON.stringify({ 'gpt-4o': 1.25 }),
  GroupGroupRatio: JSON.stringify({ vip: { default: 0.5 } }),
  AutoGroups: JSON.stringify(['vip', 'default']),
  'billing_setting.billing_mode': JSON.stringify({ 'gpt-4o': 'tiered_expr' }),
  'billing_setting.billing_expr': JSON.stringify({ 'gpt-4o': 'len <= 128000 ? tier("base", p * 2.5 + c * 10) : tier("long", p * 5 + c * 20)' }),
  'tool_price_setting.prices': JSON.stringify({ web_search_preview: 10 }),
  'group_ratio_setting.group_special_usable_group': JSON.stringify({ vip: { '+:premium': 'premium group', '-:default': '' } }),
};
/** A multi-key channel (new-api's channel_info): its second key switched off automatically, with its reason and time. */
export const channelKeys = { key: 'sk-upstream-secret\nsk-upstream-revoked', info: { is_multi_key: true, multi_key_size: 2, multi_key_status_list: { '1': 3 }, multi_key_disabled_reason: { '1': 'status code 401' }, multi_key_disabled_time: { '1': 1_700_000_100 }, multi_key_polling_index: 0, multi_key_mode: 'polling' } };
/** Unused codes with an expiry (new-api's expired_time): one past (2023-11-14), one far ahead (2100). */
export const expiredCode = { id: 3, key: 'f'.repeat(32), quota: 50_000, expiredTime: 1_700_000_000 };
export const expiringCode = { id: 4, key: 'b'.repeat(32), quota: 70_000, expiredTime: 4_102_444_800 };

/** Plans: one on sale (1,000,000 quota a day for a month), one withdrawn (hourly, custom reset). */
export const dailyPlan = { id: 2, title: 'Daily Pro', price: 19.9, total: 1_000_000 };
export const hourlyPlan = { id: 3, title: 'Old hourly', total: 5_000, resetSeconds: 3_600 };
/** Alice's subscriptions: one running to 2100 with part of its window spent, one ended; and one whose plan the source lacks. */
export const aliceRunning = { id: 11, used: 250_000, start: 1_700_000_000, end: 4_102_444_800 };
export const aliceEnded = { id: 9, start: 1_690_000_000, end: 1_690_003_600 };

/** Go's bcrypt writes `$2a$`; bcryptjs `$2b$`: the same hash otherwise. */
const hash = (password: string) => bcrypt.hashSync(password, 4).replace(/^\$2b\$/, '$2a$');

/** Rows per table, as new-api would have written them: columns, then one value list per row. */
function fixtureRows(upstreamUrl: string): [table: string, columns: string, rows: unknown[][]][] {
  return [
    ['users', 'id, username, password, display_name, role, status, email, access_token, quota, used_quota, request_count, group, aff_code, aff_count, aff_quota, aff_history, inviter_id, deleted_at, oidc_id, remark, stripe_customer', [
      [1, 'root', hash('root-old-password'), 'Root User', 100, 1, '', null, 100_000_000, 0, 0, 'default', 'rootaff1', 0, 0, 0, 0, null, null, '', ''],
      [alice.id, alice.username, hash(alice.password), 'Alice', 1, 1, 'alice@example.com', 'a'.repeat(32), alice.quota, alice.usedQuota, alice.requestCount, 'default', 'aliceaff', alice.affCount, alice.affQuota, alice.affHistory, 1, null, 'oidc-alice', alice.remark, 'cus_alice'],
      [4, 'gone', hash('gone-password'), 'Gone', 1, 1, '', null, 1000, 0, 0, 'vip', 'goneaff1', 0, 0, 0, 0, '2025-01-02 03:04:05', null, '', ''],
    ]],
    ['tokens', 'id, user_id, key, status, name, created_time, accessed_time, expired_time, remain_quota, unlimited_quota, model_limits_enabled, model_limits, allow_ips, used_quota, group, deleted_at', [
      [aliceToken.id, alice.id, aliceKey, 1, 'alice-key', 1_700_000_000, 1_700_000_500, -1, aliceToken.remainQuota, 0, 1, 'gpt-4o-mini,gpt-4o', '127.0.0.1\n::1\n::ffff:127.0.0.1', aliceToken.usedQuota, '', null],
      [unlimitedToken.id, alice.id, unlimitedToken.key, 1, 'unlimited', 1_700_000_000, 0, 4_102_444_800, 0, 1, 0, '', '', unlimitedToken.usedQuota, 'default', null],
      [7, alice.id, 'D'.repeat(48), 1, 'deleted', 1_700_000_000, 0, -1, 10, 0, 0, '', '', 0, '', '2025-01-01 00:00:00'],
    ]],
    ['channels', 'id, type, key, status, name, weight, created_time, base_url, models, group, used_quota, model_mapping, priority, auto_ban, tag, other_info, balance, remark, setting, param_override, header_override, channel_info, settings', [
      [channel.id, 1, channelKeys.key, 1, 'openai main', 7, 1_700_000_000, upstreamUrl, `${channel.model},gpt-4o`, 'default,vip', channel.usedQuota, '{"gpt-4o":"gpt-4o-mini"}', 5, 1, channelExtras.tag, '', 12.5,
        channelExtras.remark, channelExtras.setting, channelExtras.paramOverride, channelExtras.headerOverride, JSON.stringify(channelKeys.info), channelExtras.settings],
    ]],
    ['abilities', 'group, model, channel_id, enabled, priority, weight', [
      ...['default', 'vip'].flatMap((group) => [channel.model, 'gpt-4o'].map((model) => [group, model, channel.id, 1, 5, 7])),
      ['default', 'hand-added-model', channel.id, 1, 5, 7],
    ]],
    ['options', 'key, value', [
      ['SystemName', 'Old Gateway'],
      ['ModelRatio', JSON.stringify({ [channel.model]: 1, 'gpt-4o': 1.25 })],
      ['CompletionRatio', JSON.stringify({ [channel.model]: 1 })],
      ...Object.entries(priceRules),
      ['SomeNewApiOnlySetting', 'x'],
    ]],
    ['redemptions', 'id, user_id, key, status, name, quota, created_time, redeemed_time, used_user_id, expired_time', [
      [1, 1, 'c'.repeat(32), 3, 'used code', 500_000, 1_700_000_000, 1_700_000_100, alice.id, 0],
      [2, 1, 'e'.repeat(32), 1, 'unused code', 250_000, 1_700_000_000, 0, 0, 0],
      [expiredCode.id, 1, expiredCode.key, 1, 'expired code', expiredCode.quota, 1_690_000_000, 0, 0, expiredCode.expiredTime],
      [expiringCode.id, 1, expiringCode.key, 1, 'expiring code', expiringCode.quota, 1_690_000_000, 0, 0, expiringCode.expiredTime],
    ]],
    ['top_ups', 'id, user_id, amount, money, trade_no, payment_method, create_time, complete_time, status', [[1, alice.id, 10, 73, 'USR2NOabc', 'alipay', 1_700_000_000, 1_700_000_060, 'success']]],
    ['subscription_plans', 'id, title, subtitle, price_amount, currency, duration_unit, duration_value, custom_seconds, enabled, sort_order, stripe_price_id, creem_product_id, max_purchase_per_user, upgrade_group, total_amount, quota_reset_period, quota_reset_custom_seconds, created_at, updated_at', [
      [dailyPlan.id, dailyPlan.title, 'for daily work', dailyPlan.price, 'USD', 'month', 1, 0, 1, 10, 'price_daily', '', 2, 'vip', dailyPlan.total, 'daily', 0, 1_690_000_000, 1_695_000_000],
      [hourlyPlan.id, hourlyPlan.title, '', 1, 'USD', 'day', 1, 0, 0, 0, '', 'prod_hourly', 0, '', hourlyPlan.total, 'custom', hourlyPlan.resetSeconds, 1_680_000_000, 1_680_000_000],
    ]],
    ['user_subscriptions', 'id, user_id, plan_id, amount_total, amount_used, start_time, end_time, status, source, last_reset_time, next_reset_time, upgrade_group, prev_user_group, created_at, updated_at', [
      [aliceRunning.id, alice.id, dailyPlan.id, dailyPlan.total, aliceRunning.used, aliceRunning.start, aliceRunning.end, 'active', 'order', aliceRunning.start, aliceRunning.start + 86_400, 'vip', 'default', aliceRunning.start, aliceRunning.start],
      [aliceEnded.id, alice.id, hourlyPlan.id, hourlyPlan.total, hourlyPlan.total, aliceEnded.start, aliceEnded.end, 'expired', 'admin', aliceEnded.start, 0, '', '', aliceEnded.start, aliceEnded.end],
      [12, alice.id, 99, 10, 0, aliceRunning.start, aliceRunning.end, 'active', 'order', 0, 0, '', '', aliceRunning.start, aliceRunning.start],
    ]],
    ['subscription_orders', 'id, user_id, plan_id, money, trade_no, payment_method, status, create_time, complete_time, provider_payload', [[1, alice.id, dailyPlan.id, dailyPlan.price, 'SUBUSR2NO1', 'stripe', 'success', aliceRunning.start, aliceRunning.start, '{}']]],
    ['midjourneys', 'id, code, user_id, action, mj_id, prompt, status, progress, submit_time, channel_id, quota, image_url', [[1, 1, alice.id, 'IMAGINE', 'mj-123', 'a cat', 'SUCCESS', '100%', 1_700_000_000_000, channel.id, 50_000, 'https://cdn.example/cat.png']]],
    ['tasks', 'id, task_id, platform, user_id, channel_id, quota, action, status, submit_time, progress, data, fail_reason, properties', [
      [1, 'suno-1', 'suno', alice.id, channel.id, 20_000, 'MUSIC', 'SUCCESS', 1_700_000_000, '100%', '{}', '', '{}'],
      [2, 'kling-1', '50', alice.id, channel.id, 20_000, 'generate', 'SUCCESS', 1_700_000_000, '100%', '{}', 'https://cdn.example/kling-1.mp4', '{"origin_model_name":"kling-v1"}'],
      [3, 'video_abc', 'sora', alice.id, channel.id, 30_000, 'textGenerate', 'FAILURE', 1_700_000_000, '100%', '{}', 'moderation_blocked', '{"origin_model_name":"sora-2"}'],
      [4, 'replicate-1', '56', alice.id, channel.id, 10_000, 'generate', 'SUCCESS', 1_700_000_000, '100%', '{}', '', '{}'],
    ]],
  ];
}

async function insertRows(engine: FixtureEngine, table: string, columns: string, rows: unknown[][]): Promise<void> {
  const names = columns.split(', ').map((name) => quoteName(engine.dialect, name)).join(', ');
  const placeholders = rows.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ');
  await engine.run(`INSERT INTO ${quoteName(engine.dialect, table)} (${names}) VALUES ${placeholders}`, rows.flat());
}

/** `count` log rows in one INSERT ... SELECT over the engine's own number series: no row crosses the wire. */
function insertLogs(engine: FixtureEngine, count: number): Promise<void> {
  const group = quoteName(engine.dialect, 'group');
  return engine.run(`INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, ${group}, ip, other)
    SELECT ${alice.id}, 1700000000 + i * 7, CASE WHEN i % 50 = 0 THEN 1 ELSE 2 END, '', 'alice', 'alice-key', '${channel.model}', i % 997, i % 311, i % 101, i % 5, i % 2 = 1, ${channel.id}, ${aliceToken.id}, 'default', '127.0.0.1', '{"model_ratio":1}'
    FROM ${engine.series(count)}`);
}

/**
 * A new-api database as an operator would bring it, on the engine `source` names (a SQLite path,
 * a MariaDB or PostgreSQL URL): a root and two users with real bcrypt hashes, one deleted; keys
 * live, unlimited and deleted; a channel with its abilities (and one stray); options Tollgate
 * knows and one it does not; used and unused codes, one expired and one expiring; a top-up; two plans, alice's
 * subscriptions (one running, one ended, one without its plan) and an order; a Midjourney row, a Suno and a
 * Kling task; and `logRows` log rows.
 */
export async function buildNewApiDatabase(source: string, options: { upstreamUrl: string; logRows: number }): Promise<void> {
  const engine = await openFixtureEngine(source);
  try {
    for (const statement of newApiSchema(engine.dialect)) await engine.run(statement);
    for (const [table, columns, rows] of fixtureRows(options.upstreamUrl)) await insertRows(engine, table, columns, rows);
    await insertLogs(engine, options.logRows);
  } finally {
    await engine.close();
  }
}

/** The log count and quota sum of the source, to compare ClickHouse with. */
export async function sourceLogTotals(source: string): Promise<{ count: number; quota: number }> {
  const engine = await openFixtureEngine(source);
  try {
    const [totals] = await engine.rows('SELECT count(*) AS count, sum(quota) AS quota FROM logs');
    return { count: Number(totals?.count), quota: Number(totals?.quota) };
  } finally {
    await engine.close();
  }
}
