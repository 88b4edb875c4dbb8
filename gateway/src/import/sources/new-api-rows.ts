import { z } from 'zod';
import { deletedAt, fixedText, flag, int, real, text } from './source-columns.js';

/**
 * The tables of new-api (and one-api, its ancestor) as GORM makes them from model/*.go, with
 * every column that carries meaning. Columns only newer versions have read as their zero value.
 */
export const sourceUser = z.object({
  id: int, username: text, password: text, display_name: text, role: int, status: int, email: text,
  github_id: text, oidc_id: text, wechat_id: text, telegram_id: text, linux_do_id: text, access_token: fixedText,
  quota: int, used_quota: int, request_count: int, group: text, aff_code: text, aff_count: int, aff_quota: int,
  aff_history: int, inviter_id: int, deleted_at: deletedAt, setting: text, remark: text, stripe_customer: text,
});

export const sourceToken = z.object({
  id: int, user_id: int, key: fixedText, status: int, name: text, created_time: int, accessed_time: int, expired_time: int,
  remain_quota: int, unlimited_quota: flag, model_limits_enabled: flag, model_limits: text, allow_ips: text,
  used_quota: int, group: text, deleted_at: deletedAt,
});

export const sourceChannel = z.object({
  id: int, type: int, key: text, openai_organization: text, test_model: text, status: int, name: text, weight: int,
  created_time: int, test_time: int, response_time: int, base_url: text, other: text, balance: real,
  balance_updated_time: int, models: text, group: text, used_quota: int, model_mapping: text, status_code_mapping: text,
  priority: int, auto_ban: z.union([z.number(), z.string(), z.null()]).optional().transform((v) => (v === null || v === undefined ? 1 : Number(v))),
  other_info: text, tag: text, setting: text, param_override: text, header_override: text, remark: text, channel_info: text, settings: text,
  /** one-api only: per-type settings (region, AK/SK, plugin) and a system prompt Tollgate has no field for. */
  config: text, system_prompt: text,
});

export const sourceAbility = z.object({ group: text, model: text, channel_id: int, enabled: flag, priority: int, weight: int });

export const sourceOption = z.object({ key: text, value: text });

export const sourceRedemption = z.object({
  id: int, user_id: int, key: fixedText, status: int, name: text, quota: int, created_time: int, redeemed_time: int,
  used_user_id: int, deleted_at: deletedAt, expired_time: int,
});

export const sourceTopUp = z.object({
  id: int, user_id: int, amount: int, money: real, trade_no: text, payment_method: text, create_time: int, complete_time: int, status: text,
});

/** model/subscription.go's SubscriptionPlan: one quota window (total_amount per quota_reset_period). */
export const sourceSubscriptionPlan = z.object({
  id: int, title: text, subtitle: text, price_amount: real, currency: text, duration_unit: text, duration_value: int, custom_seconds: int,
  enabled: flag, sort_order: int, stripe_price_id: text, creem_product_id: text, max_purchase_per_user: int, upgrade_group: text,
  total_amount: int, quota_reset_period: text, quota_reset_custom_seconds: int, created_at: int, updated_at: int,
});

/** model/subscription.go's UserSubscription: `amount_total` is its window's limit, `amount_used` what the window has counted since `last_reset_time`. */
export const sourceUserSubscription = z.object({
  id: int, user_id: int, plan_id: int, amount_total: int, amount_used: int, start_time: int, end_time: int, status: text, source: text,
  last_reset_time: int, next_reset_time: int, upgrade_group: text, prev_user_group: text, created_at: int, updated_at: int,
});

export const sourceMidjourney = z.object({
  id: int, code: int, user_id: int, action: text, mj_id: text, prompt: text, prompt_en: text, description: text, state: text,
  submit_time: int, start_time: int, finish_time: int, image_url: text, video_url: text, status: text, progress: text,
  fail_reason: text, channel_id: int, quota: int, buttons: text, properties: text,
});

export const sourceTask = z.object({
  id: int, task_id: text, platform: text, user_id: int, group: text, channel_id: int, quota: int, action: text, status: text,
  fail_reason: text, submit_time: int, start_time: int, finish_time: int, progress: text, properties: text, data: text,
});

export const sourceLog = z.object({
  id: int, user_id: int, created_at: int, type: int, content: text, username: text, token_name: text, model_name: text,
  quota: int, prompt_tokens: int, completion_tokens: int, use_time: int, is_stream: flag, channel_id: int, token_id: int,
  group: text, ip: text, other: text,
  /** one-api's request time, in milliseconds, where new-api keeps whole seconds in use_time. */
  elapsed_time: int,
});

export type SourceUser = z.infer<typeof sourceUser>;
export type SourceToken = z.infer<typeof sourceToken>;
export type SourceChannel = z.infer<typeof sourceChannel>;
export type SourceAbility = z.infer<typeof sourceAbility>;
export type SourceRedemption = z.infer<typeof sourceRedemption>;
export type SourceTopUp = z.infer<typeof sourceTopUp>;
export type SourceSubscriptionPlan = z.infer<typeof sourceSubscriptionPlan>;
export type SourceUserSubscription = z.infer<typeof sourceUserSubscription>;
export type SourceMidjourney = z.infer<typeof sourceMidjourney>;
export type SourceTask = z.infer<typeof sourceTask>;
export type SourceLog = z.infer<typeof sourceLog>;
