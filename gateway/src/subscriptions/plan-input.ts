import { durationUnits, resetPeriods } from '@tollgate/wire';
import { z } from 'zod';
import { ApiFailure } from '../http/errors.js';
import { INVALID_PARAMS } from '../api/support/input.js';
import type { NewPlan } from '../ports/documents/subscription-store.js';
import { planEndTime } from './windows.js';

const count = z.number({ message: INVALID_PARAMS }).int(INVALID_PARAMS).min(0, INVALID_PARAMS);
const windowInput = z.object({
  total_amount: count,
  quota_reset_period: z.enum(resetPeriods).default('never'),
  quota_reset_custom_seconds: count.default(0),
});

/** The fields of a plan as new-api's console sends them (AdminUpsertSubscriptionPlanRequest's `plan`), with new-api's defaults. */
const planInput = z.object({
  title: z.string().trim().min(1, '套餐标题不能为空').max(128),
  subtitle: z.string().max(255).default(''),
  price_amount: z.number({ message: INVALID_PARAMS }).min(0, '套餐金额错误').max(1e9),
  currency: z.string().max(8).default('USD').transform((c) => c || 'USD'),
  duration_unit: z.enum(durationUnits).default('month'),
  duration_value: count.default(1),
  custom_seconds: count.default(0),
  enabled: z.boolean().default(true),
  sort_order: z.number().int().default(0),
  stripe_price_id: z.string().max(128).default(''),
  creem_product_id: z.string().max(128).default(''),
  max_purchase_per_user: count.default(0),
  upgrade_group: z.string().max(64).default(''),
  total_amount: count.default(0),
  quota_reset_period: z.enum(resetPeriods).default('never'),
  quota_reset_custom_seconds: count.default(0),
  model_limits: z.string().max(10_000).default(''),
  group_limits: z.string().max(10_000).default(''),
  extra_windows: z.array(windowInput).max(8).default([]),
});

export const upsertPlanBody = z.object({ plan: planInput });

/** A plan's fields once checked: a duration that ends, and custom windows of some length. */
export function checkedPlan(plan: z.infer<typeof planInput>): NewPlan {
  if (plan.duration_unit !== 'custom' && plan.duration_value <= 0) plan.duration_value = 1;
  if (planEndTime(plan, 0) === null) throw new ApiFailure('套餐时长配置错误');
  const windows = [plan, ...plan.extra_windows];
  if (windows.some((w) => w.quota_reset_period === 'custom' && w.quota_reset_custom_seconds <= 0)) throw new ApiFailure('自定义重置周期必须大于0秒');
  return plan;
}
