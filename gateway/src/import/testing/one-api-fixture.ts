import bcrypt from 'bcryptjs';
import Database from 'better-sqlite3';

/**
 * An older one-api database (v0.6): no invite history, model limits, allowed IPs, top-ups,
 * Midjourney or task tables; channels with `config` and `system_prompt`; logs with
 * `elapsed_time` in milliseconds instead of `use_time`.
 */
const oneApiSchema = `
CREATE TABLE \`users\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`username\` text UNIQUE,\`password\` text NOT NULL,\`display_name\` text,\`role\` integer DEFAULT 1,\`status\` integer DEFAULT 1,\`email\` text,\`github_id\` text,\`wechat_id\` text,\`lark_id\` text,\`access_token\` char(32) UNIQUE,\`quota\` integer DEFAULT 0,\`used_quota\` integer DEFAULT 0,\`request_count\` integer DEFAULT 0,\`group\` varchar(32) DEFAULT "default",\`aff_code\` varchar(32) UNIQUE,\`inviter_id\` integer);
CREATE TABLE \`tokens\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`user_id\` integer,\`key\` char(48),\`status\` integer DEFAULT 1,\`name\` text,\`created_time\` bigint,\`accessed_time\` bigint,\`expired_time\` bigint DEFAULT -1,\`remain_quota\` integer DEFAULT 0,\`unlimited_quota\` numeric DEFAULT false,\`used_quota\` integer DEFAULT 0);
CREATE TABLE \`channels\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`type\` integer DEFAULT 0,\`key\` text,\`status\` integer DEFAULT 1,\`name\` text,\`weight\` integer DEFAULT 0,\`created_time\` bigint,\`test_time\` bigint,\`response_time\` integer,\`base_url\` text DEFAULT "",\`other\` text,\`balance\` real,\`balance_updated_time\` bigint,\`models\` text,\`group\` varchar(32) DEFAULT "default",\`used_quota\` integer DEFAULT 0,\`model_mapping\` varchar(1024) DEFAULT "",\`priority\` integer DEFAULT 0,\`config\` text,\`system_prompt\` text);
CREATE TABLE \`logs\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`user_id\` integer,\`created_at\` bigint,\`type\` integer,\`content\` text,\`username\` text DEFAULT "",\`token_name\` text DEFAULT "",\`model_name\` text DEFAULT "",\`quota\` integer DEFAULT 0,\`prompt_tokens\` integer DEFAULT 0,\`completion_tokens\` integer DEFAULT 0,\`channel_id\` integer,\`request_id\` text DEFAULT "",\`elapsed_time\` integer DEFAULT 0,\`is_stream\` numeric DEFAULT false,\`system_prompt_reset\` numeric DEFAULT false);
`;

export const oneApiUser = { id: 1, username: 'root', password: 'one-api-root', quota: 777_000 };

export function buildOneApiDatabase(path: string): void {
  const db = new Database(path);
  db.exec(oneApiSchema);
  db.prepare('INSERT INTO users (id, username, password, role, quota, used_quota, request_count, aff_code) VALUES (?,?,?,?,?,?,?,?)').run(oneApiUser.id, oneApiUser.username, bcrypt.hashSync(oneApiUser.password, 4), 100, oneApiUser.quota, 3000, 3, 'aff1');
  db.prepare('INSERT INTO tokens (id, user_id, `key`, name, created_time, remain_quota, unlimited_quota, used_quota) VALUES (?,?,?,?,?,?,?,?)').run(1, 1, 'K'.repeat(48), 'old key', 1_600_000_000, 5000, 0, 3000);
  db.prepare('INSERT INTO channels (id, type, `key`, name, models, `group`, used_quota, config, system_prompt) VALUES (?,?,?,?,?,?,?,?,?)').run(1, 14, 'claude-key', 'claude', 'claude-3-haiku', 'default', 3000, '{"region":""}', '');
  const log = db.prepare('INSERT INTO logs (user_id, created_at, type, username, token_name, model_name, quota, prompt_tokens, completion_tokens, channel_id, elapsed_time, is_stream) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)');
  for (let i = 1; i <= 3; i++) log.run(1, 1_600_000_000 + i, 2, 'root', 'old key', 'claude-3-haiku', 1000, 10, 20, 1, 2500, 0);
  db.close();
}
