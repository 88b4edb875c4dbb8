import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** new-api's duration units of a plan. */
export const durationUnits = ['year', 'month', 'day', 'hour', 'custom'] as const;
/** new-api's reset periods of a plan's quota; 'never' is one window as long as the subscription. */
export const resetPeriods = ['never', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type ResetPeriod = (typeof resetPeriods)[number];

/** One quota window: at most `total_amount` quota units per period (0: no limit). */
export const planWindowSchema = z.object({
  total_amount: nonNegativeInt(),
  quota_reset_period: z.enum(resetPeriods),
  quota_reset_custom_seconds: nonNegativeInt(),
});
export type PlanWindow = z.infer<typeof planWindowSchema>;

/**
 * A plan as new-api's console sends and reads it (model/subscription.go's SubscriptionPlan), with
 * two additions: `extra_windows`, more windows than new-api's one (per 5 hours and per week, say),
 * and `group_limits`, the groups whose calls the plan covers (empty: every group).
 */
export const subscriptionPlanSchema = z.object({
  id: nonNegativeInt(),
  title: z.string().check(z.maxLength(128)),
  subtitle: z.string().check(z.maxLength(255)),
  price_amount: z.number().check(z.nonnegative()),
  currency: z.string().check(z.maxLength(8)),
  duration_unit: z.enum(durationUnits),
  duration_value: nonNegativeInt(),
  custom_seconds: nonNegativeInt(),
  enabled: z.boolean(),
  sort_order: z.int(),
  stripe_price_id: z.string().check(z.maxLength(128)),
  creem_product_id: z.string().check(z.maxLength(128)),
  max_purchase_per_user: nonNegativeInt(),
  upgrade_group: z.string().check(z.maxLength(64)),
  total_amount: nonNegativeInt(),
  quota_reset_period: z.enum(resetPeriods),
  quota_reset_custom_seconds: nonNegativeInt(),
  model_limits: z.string(),
  group_limits: z.string(),
  extra_windows: z.array(planWindowSchema).check(z.maxLength(8)),
  created_at: nonNegativeInt(),
  updated_at: nonNegativeInt(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** new-api's user subscription (UserSubscription), with the windows it was bought with. */
export const userSubscriptionSchema = z.object({
  id: nonNegativeInt(),
  user_id: nonNegativeInt(),
  plan_id: nonNegativeInt(),
  start_time: nonNegativeInt(),
  end_time: nonNegativeInt(),
  status: z.enum(['active', 'expired', 'cancelled']),
  source: z.enum(['order', 'admin', 'wallet']),
  /** The plan's windows when it was bought: a later edit of the plan changes no bought subscription. */
  windows: z.array(planWindowSchema),
  model_limits: z.string(),
  group_limits: z.string(),
  created_at: nonNegativeInt(),
  updated_at: nonNegativeInt(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/** new-api's billing preferences (controller/subscription.go, normalizeBillingPreference). */
export const billingPreferences = ['subscription_first', 'wallet_first', 'subscription_only', 'wallet_only'] as const;
export type BillingPreference = (typeof billingPreferences)[number];

/** A window of a subscription as the console shows it: its limit, what it counted, what is left (-1: no limit), when it resets (seconds, 0: not running). */
export interface WindowSummary extends PlanWindow {
  amount_used: number;
  amount_left: number;
  next_reset_time: number;
}

/**
 * new-api's usage fields on a subscription (its UserSubscription's amount_total, amount_used,
 * last_reset_time, next_reset_time), which new-api's console reads: the plan's own window (the
 * first). A time is 0 where new-api's is: no reset yet, or none before the subscription ends.
 */
export interface SubscriptionUsage {
  amount_total: number;
  amount_used: number;
  last_reset_time: number;
  next_reset_time: number;
}

/** A subscription with each of its windows' summary (new-api's /api/subscription/self entries). */
export interface SubscriptionSummary {
  subscription: UserSubscription & SubscriptionUsage;
  windows: WindowSummary[];
}
