import bcrypt from 'bcryptjs';
import Database from 'better-sqlite3';
import { newApiSchema } from './new-api-schema.js';

/** What the fixture holds, for the test to compare Tollgate against. */
export const alice = { id: 2, username: 'alice', password: 'alice-old-password', quota: 4_000_000, usedQuota: 123_456, requestCount: 77, affQuota: 500, affHistory: 900, affCount: 2 };
export const aliceKey = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4';
export const aliceToken = { id: 5, remainQuota: 3_000_000, usedQuota: 100_000 };
export const unlimitedToken = { id: 6, key: 'Z'.repeat(48), usedQuota: 23_456 };
export const channel = { id: 3, usedQuota: 987_654, model: 'gpt-4o-mini' };

/**
 * A new-api SQLite database (one-api.db) as an operator would bring it: a root and two users with
 * real bcrypt hashes (Go's `$2a$`), one deleted; keys live, unlimited and deleted; a channel with
 * its abilities (and one stray); options Tollgate knows and one it does not; used and unused
 * codes; top-ups; a Midjourney row, a Suno and a Kling task; and `logRows` log rows.
 */
export function buildNewApiDatabase(path: string, options: { upstreamUrl: string; logRows: number }): void {
  const db = new Database(path);
  db.exec(newApiSchema);
  const hash = (password: string) => bcrypt.hashSync(password, 4).replace(/^\$2b\$/, '$2a$');
  const users = db.prepare('INSERT INTO users (id, username, password, display_name, role, status, email, access_token, quota, used_quota, request_count, `group`, aff_code, aff_count, aff_quota, aff_history, inviter_id, deleted_at, oidc_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)');
  users.run(1, 'root', hash('root-old-password'), 'Root User', 100, 1, '', null, 100_000_000, 0, 0, 'default', 'rootaff1', 0, 0, 0, 0, null, null);
  users.run(alice.id, alice.username, hash(alice.password), 'Alice', 1, 1, 'alice@example.com', 'a'.repeat(32), alice.quota, alice.usedQuota, alice.requestCount, 'default', 'aliceaff', alice.affCount, alice.affQuota, alice.affHistory, 1, null, 'oidc-alice');
  users.run(4, 'gone', hash('gone-password'), 'Gone', 1, 1, '', null, 1000, 0, 0, 'vip', 'goneaff1', 0, 0, 0, 0, '2025-01-02 03:04:05.000+00:00', null);
  const tokens = db.prepare('INSERT INTO tokens (id, user_id, `key`, status, name, created_time, accessed_time, expired_time, remain_quota, unlimited_quota, model_limits_enabled, model_limits, allow_ips, used_quota, `group`, deleted_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)');
  tokens.run(aliceToken.id, alice.id, aliceKey, 1, 'alice-key', 1_700_000_000, 1_700_000_500, -1, aliceToken.remainQuota, 0, 1, 'gpt-4o-mini,gpt-4o', '127.0.0.1\n::1\n::ffff:127.0.0.1', aliceToken.usedQuota, '', null);
  tokens.run(unlimitedToken.id, alice.id, unlimitedToken.key, 1, 'unlimited', 1_700_000_000, 0, 4_102_444_800, 0, 1, 0, '', '', unlimitedToken.usedQuota, 'default', null);
  tokens.run(7, alice.id, 'D'.repeat(48), 1, 'deleted', 1_700_000_000, 0, -1, 10, 0, 0, '', '', 0, '', '2025-01-01 00:00:00+00:00');
  db.prepare('INSERT INTO channels (id, type, `key`, status, name, weight, created_time, base_url, models, `group`, used_quota, model_mapping, priority, auto_ban, tag, other_info, balance) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)')
    .run(channel.id, 1, 'sk-upstream-secret', 1, 'openai main', 7, 1_700_000_000, options.upstreamUrl, `${channel.model},gpt-4o`, 'default,vip', channel.usedQuota, '{"gpt-4o":"gpt-4o-mini"}', 5, 1, 'main-tag', '', 12.5);
  const abilities = db.prepare('INSERT INTO abilities (`group`, model, channel_id, enabled, priority, weight) VALUES (?,?,?,?,?,?)');
  for (const group of ['default', 'vip']) for (const model of [channel.model, 'gpt-4o']) abilities.run(group, model, channel.id, 1, 5, 7);
  abilities.run('default', 'hand-added-model', channel.id, 1, 5, 7);
  const options_ = db.prepare('INSERT INTO options (`key`, value) VALUES (?, ?)');
  options_.run('SystemName', 'Old Gateway');
  options_.run('ModelRatio', JSON.stringify({ [channel.model]: 1, 'gpt-4o': 2.5 }));
  options_.run('CompletionRatio', JSON.stringify({ [channel.model]: 1 }));
  options_.run('SomeNewApiOnlySetting', 'x');
  const codes = db.prepare('INSERT INTO redemptions (id, user_id, `key`, status, name, quota, created_time, redeemed_time, used_user_id) VALUES (?,?,?,?,?,?,?,?,?)');
  codes.run(1, 1, 'c'.repeat(32), 3, 'used code', 500_000, 1_700_000_000, 1_700_000_100, alice.id);
  codes.run(2, 1, 'e'.repeat(32), 1, 'unused code', 250_000, 1_700_000_000, 0, 0);
  db.prepare('INSERT INTO top_ups (id, user_id, amount, money, trade_no, payment_method, create_time, complete_time, status) VALUES (?,?,?,?,?,?,?,?,?)').run(1, alice.id, 10, 73, 'USR2NOabc', 'alipay', 1_700_000_000, 1_700_000_060, 'success');
  db.prepare('INSERT INTO midjourneys (id, code, user_id, action, mj_id, prompt, status, progress, submit_time, channel_id, quota, image_url) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)').run(1, 1, alice.id, 'IMAGINE', 'mj-123', 'a cat', 'SUCCESS', '100%', 1_700_000_000_000, channel.id, 50_000, 'https://cdn.example/cat.png');
  const tasks = db.prepare('INSERT INTO tasks (id, task_id, platform, user_id, channel_id, quota, action, status, submit_time, progress, data) VALUES (?,?,?,?,?,?,?,?,?,?,?)');
  tasks.run(1, 'suno-1', 'suno', alice.id, channel.id, 20_000, 'MUSIC', 'SUCCESS', 1_700_000_000, '100%', '{}');
  tasks.run(2, 'kling-1', 'kling', alice.id, channel.id, 20_000, 'generate', 'SUCCESS', 1_700_000_000, '100%', '{}');
  db.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, \`group\`, ip, other)
    SELECT ${alice.id}, 1700000000 + i * 7, CASE WHEN i % 50 = 0 THEN 1 ELSE 2 END, '', 'alice', 'alice-key', '${channel.model}', i % 997, i % 311, i % 101, i % 5, i % 2, ${channel.id}, ${aliceToken.id}, 'default', '127.0.0.1', '{"model_ratio":1}'
    FROM n`).run(options.logRows);
  db.close();
}

/** The log count and quota sum of the source, to compare ClickHouse with. */
export function sourceLogTotals(path: string): { count: number; quota: number } {
  const db = new Database(path, { readonly: true });
  const totals = db.prepare('SELECT count(*) AS count, sum(quota) AS quota FROM logs').get() as { count: number; quota: number };
  db.close();
  return totals;
}
