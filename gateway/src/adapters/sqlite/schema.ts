import type { Database } from 'better-sqlite3';

/** The documents' tables, created on open (idempotent). Ids are integer autoincrement, as on the wire. */
const DDL = `
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  display_name TEXT NOT NULL DEFAULT '',
  role INTEGER NOT NULL DEFAULT 1,
  status INTEGER NOT NULL DEFAULT 1,
  email TEXT NOT NULL DEFAULT '',
  user_group TEXT NOT NULL DEFAULT 'default',
  aff_code TEXT NOT NULL DEFAULT '',
  inviter_id INTEGER NOT NULL DEFAULT 0,
  aff_count INTEGER NOT NULL DEFAULT 0,
  aff_quota INTEGER NOT NULL DEFAULT 0,
  aff_history_quota INTEGER NOT NULL DEFAULT 0,
  access_token TEXT NOT NULL DEFAULT '',
  github_id TEXT NOT NULL DEFAULT '',
  wechat_id TEXT NOT NULL DEFAULT '',
  telegram_id TEXT NOT NULL DEFAULT '',
  linux_do_id TEXT NOT NULL DEFAULT '',
  oidc_id TEXT NOT NULL DEFAULT '',
  setting TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX IF NOT EXISTS users_aff_code ON users (aff_code) WHERE aff_code <> '';
CREATE INDEX IF NOT EXISTS users_email ON users (email) WHERE email <> '';
CREATE UNIQUE INDEX IF NOT EXISTS users_access_token ON users (access_token) WHERE access_token <> '';

CREATE TABLE IF NOT EXISTS tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  token_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 1,
  created_time INTEGER NOT NULL,
  accessed_time INTEGER NOT NULL,
  expired_time INTEGER NOT NULL DEFAULT -1,
  unlimited_quota INTEGER NOT NULL DEFAULT 0,
  model_limits_enabled INTEGER NOT NULL DEFAULT 0,
  model_limits TEXT NOT NULL DEFAULT '',
  allow_ips TEXT NOT NULL DEFAULT '',
  token_group TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tokens_user ON tokens (user_id, id);

CREATE TABLE IF NOT EXISTS redemptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  redemption_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1,
  quota INTEGER NOT NULL,
  created_time INTEGER NOT NULL,
  redeemed_time INTEGER NOT NULL DEFAULT 0,
  used_user_id INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS redemptions_used ON redemptions (used_user_id, redeemed_time);

CREATE TABLE IF NOT EXISTS top_ups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  money REAL NOT NULL,
  trade_no TEXT NOT NULL UNIQUE,
  payment_method TEXT NOT NULL,
  create_time INTEGER NOT NULL,
  complete_time INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS top_ups_user ON top_ups (user_id, id);

CREATE TABLE IF NOT EXISTS subscription_plans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  enabled INTEGER NOT NULL,
  sort_order INTEGER NOT NULL,
  body TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS user_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  plan_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  end_time INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS user_subscriptions_user ON user_subscriptions (user_id, end_time);
-- The subscription a once-only start (a paid order) began: one per key.
CREATE TABLE IF NOT EXISTS subscription_starts (
  once_key TEXT PRIMARY KEY,
  subscription_id INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS channels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type INTEGER NOT NULL,
  name TEXT NOT NULL,
  channel_key TEXT NOT NULL,
  status INTEGER NOT NULL,
  base_url TEXT NOT NULL DEFAULT '',
  other TEXT NOT NULL DEFAULT '',
  models TEXT NOT NULL DEFAULT '',
  channel_group TEXT NOT NULL DEFAULT 'default',
  model_mapping TEXT NOT NULL DEFAULT '',
  status_code_mapping TEXT NOT NULL DEFAULT '',
  openai_organization TEXT NOT NULL DEFAULT '',
  test_model TEXT NOT NULL DEFAULT '',
  auto_ban INTEGER NOT NULL DEFAULT 1,
  priority INTEGER NOT NULL DEFAULT 0,
  weight INTEGER NOT NULL DEFAULT 0,
  balance REAL NOT NULL DEFAULT 0,
  response_time INTEGER NOT NULL DEFAULT 0,
  test_time INTEGER NOT NULL DEFAULT 0,
  balance_updated_time INTEGER NOT NULL DEFAULT 0,
  created_time INTEGER NOT NULL,
  other_info TEXT NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS two_factor (
  user_id INTEGER PRIMARY KEY,
  secret TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  last_step INTEGER
);

CREATE TABLE IF NOT EXISTS two_factor_backup_codes (
  user_id INTEGER NOT NULL,
  code_hash TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE IF NOT EXISTS options (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/** Columns added after a table's first release: files created before them get them on open. */
const ADDED_COLUMNS: { table: string; column: string; definition: string }[] = [
  { table: 'users', column: 'aff_count', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'users', column: 'aff_quota', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'users', column: 'aff_history_quota', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'users', column: 'setting', definition: "TEXT NOT NULL DEFAULT ''" },
  { table: 'users', column: 'oidc_id', definition: "TEXT NOT NULL DEFAULT ''" },
  { table: 'users', column: 'remark', definition: "TEXT NOT NULL DEFAULT ''" },
  // new-api's tags, notes, per-channel settings, overrides and multi-key state (issue #39).
  ...['tag', 'remark', 'setting', 'param_override', 'header_override', 'channel_info', 'settings'].map((column) => ({ table: 'channels', column, definition: "TEXT NOT NULL DEFAULT ''" })),
  { table: 'redemptions', column: 'expired_time', definition: 'INTEGER NOT NULL DEFAULT 0' },
  // A Stripe or Creem order's checkout and the quota it credits (null for Epay's and imported orders).
  { table: 'top_ups', column: 'checkout_id', definition: 'TEXT' },
  { table: 'top_ups', column: 'checkout_amount', definition: 'INTEGER' },
  { table: 'top_ups', column: 'checkout_currency', definition: 'TEXT' },
  { table: 'top_ups', column: 'quota', definition: 'INTEGER' },
  // A plan's order (issue #41): paying it starts a subscription instead of crediting quota.
  { table: 'top_ups', column: 'plan_id', definition: 'INTEGER' },
];

/** Adds each column its table lacks (a store that creates its own table adds its own later columns). */
export function addMissingColumns(db: Database, columns = ADDED_COLUMNS): void {
  for (const { table, column, definition } of columns) {
    const present = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((c) => c.name === column);
    if (!present) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
}

export function createSchema(db: Database): void {
  db.exec(DDL);
  addMissingColumns(db);
}
