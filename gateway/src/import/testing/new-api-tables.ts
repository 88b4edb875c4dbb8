/**
 * The tables new-api's GORM AutoMigrate makes (model/user.go, token.go, channel.go, ability.go,
 * option.go, redemption.go, topup.go, subscription.go, midjourney.go, task.go, log.go), written once in GORM's
 * own column kinds and rendered as GORM renders them on SQLite, MySQL/MariaDB and PostgreSQL.
 */
type Kind = 'id' | 'int' | 'bool' | 'float' | 'text' | 'time' | 'json' | `varchar(${number})` | `char(${number})`;

/** Per table: `column kind` pairs, then the primary key of tables without an id. */
const tables: Record<string, { columns: string; key?: string }> = {
  users: { columns: 'id id, username varchar(191), password text, display_name text, role int, status int, email text, github_id text, oidc_id text, wechat_id text, telegram_id text, access_token char(32), quota int, used_quota int, request_count int, group varchar(64), aff_code varchar(32), aff_count int, aff_quota int, aff_history int, inviter_id int, deleted_at time, linux_do_id text, setting text, remark varchar(255), stripe_customer varchar(64)' },
  tokens: { columns: 'id id, user_id int, key char(48), status int, name text, created_time int, accessed_time int, expired_time int, remain_quota int, unlimited_quota bool, model_limits_enabled bool, model_limits varchar(1024), allow_ips text, used_quota int, group text, cross_group_retry bool, deleted_at time' },
  channels: { columns: 'id id, type int, key text, open_ai_organization text, openai_organization text, test_model text, status int, name text, weight int, created_time int, test_time int, response_time int, base_url text, other text, balance float, balance_updated_time int, models text, group varchar(64), used_quota int, model_mapping text, status_code_mapping varchar(1024), priority int, auto_ban int, other_info text, tag text, setting text, param_override text, header_override text, remark varchar(255), channel_info json, settings text' },
  abilities: { columns: 'group varchar(64), model varchar(255), channel_id int, enabled bool, priority int, weight int, tag text', key: 'group, model, channel_id' },
  options: { columns: 'key varchar(191), value text', key: 'key' },
  redemptions: { columns: 'id id, user_id int, key char(32), status int, name text, quota int, created_time int, redeemed_time int, used_user_id int, deleted_at time, expired_time int' },
  top_ups: { columns: 'id id, user_id int, amount int, money float, trade_no varchar(255), payment_method varchar(50), create_time int, complete_time int, status text' },
  subscription_plans: { columns: 'id id, title varchar(128), subtitle varchar(255), price_amount float, currency varchar(8), duration_unit varchar(16), duration_value int, custom_seconds int, enabled bool, sort_order int, stripe_price_id varchar(128), creem_product_id varchar(128), max_purchase_per_user int, upgrade_group varchar(64), total_amount int, quota_reset_period varchar(16), quota_reset_custom_seconds int, created_at int, updated_at int' },
  user_subscriptions: { columns: 'id id, user_id int, plan_id int, amount_total int, amount_used int, start_time int, end_time int, status varchar(32), source varchar(32), last_reset_time int, next_reset_time int, upgrade_group varchar(64), prev_user_group varchar(64), created_at int, updated_at int' },
  subscription_orders: { columns: 'id id, user_id int, plan_id int, money float, trade_no varchar(255), payment_method varchar(50), status text, create_time int, complete_time int, provider_payload text' },
  midjourneys: { columns: 'id id, code int, user_id int, action varchar(40), mj_id text, prompt text, prompt_en text, description text, state text, submit_time int, start_time int, finish_time int, image_url text, video_url text, video_urls text, status varchar(20), progress varchar(30), fail_reason text, channel_id int, quota int, buttons text, properties text' },
  tasks: { columns: 'id id, created_at int, updated_at int, task_id varchar(191), platform varchar(30), user_id int, group varchar(50), channel_id int, quota int, action varchar(40), status varchar(20), fail_reason text, submit_time int, start_time int, finish_time int, progress varchar(20), properties json, private_data json, data json' },
  logs: { columns: 'id id, user_id int, created_at int, type int, content text, username text, token_name text, model_name text, quota int, prompt_tokens int, completion_tokens int, use_time int, is_stream bool, channel_id int, channel_name text, token_id int, group text, ip text, other text' },
};

export type Dialect = 'sqlite' | 'mysql' | 'postgres';

/** How GORM's dialects name each kind (int is Go's int: 64 bits; strings without a size are text). */
const kinds: Record<Dialect, Record<string, string>> = {
  sqlite: { id: 'integer PRIMARY KEY AUTOINCREMENT', int: 'integer', bool: 'numeric', float: 'real', text: 'text', time: 'datetime', json: 'json' },
  mysql: { id: 'bigint AUTO_INCREMENT PRIMARY KEY', int: 'bigint', bool: 'boolean', float: 'double', text: 'longtext', time: 'datetime(3)', json: 'json' },
  postgres: { id: 'bigserial PRIMARY KEY', int: 'bigint', bool: 'boolean', float: 'decimal', text: 'text', time: 'timestamptz', json: 'json' },
};

/** Identifiers quoted as GORM quotes them: `group` and `key` are reserved words. */
export function quoteName(dialect: Dialect, name: string): string {
  return dialect === 'postgres' ? `"${name}"` : `\`${name}\``;
}

function columnType(dialect: Dialect, kind: Kind): string {
  return kinds[dialect][kind] ?? kind;
}

/** CREATE TABLE statements for the whole schema in one dialect. */
export function newApiSchema(dialect: Dialect): string[] {
  return Object.entries(tables).map(([table, { columns, key }]) => {
    const defined = columns.split(', ').map((pair) => {
      const [name, kind] = pair.split(' ') as [string, Kind];
      return `${quoteName(dialect, name)} ${columnType(dialect, kind)}`;
    });
    if (key) defined.push(`PRIMARY KEY (${key.split(', ').map((name) => quoteName(dialect, name)).join(', ')})`);
    return `CREATE TABLE ${quoteName(dialect, table)} (${defined.join(', ')})`;
  });
}
