import type { SubscriptionPlan, UserSubscription } from '@tollgate/wire';
import type { MoneyContext } from '../contexts/money.js';
import { ApiFailure } from '../http/errors.js';
import { planEndTime, planWindows } from './windows.js';

export type SubscribeDeps = MoneyContext;

const LIMIT_REACHED = '已达到该套餐购买上限';

/** `once`: a paid order's trade number (the one subscription ever started for it); `limited`: held to the plan's max_purchase_per_user in the same step. */
export type StartTerms = { once?: string; limited?: boolean };

/**
 * A subscription to `plan` from `now` (seconds), with the plan's windows and limits as they are
 * now; the relay's caches on every gateway are told, so the user's next call may use it.
 */
export async function startSubscription(deps: SubscribeDeps, userId: number, plan: SubscriptionPlan, source: UserSubscription['source'], now: number, terms: StartTerms = {}): Promise<UserSubscription> {
  const end = planEndTime(plan, now);
  if (end === null) throw new ApiFailure('套餐时长配置错误');
  const fields = { user_id: userId, plan_id: plan.id, start_time: now, end_time: end, source, windows: planWindows(plan), model_limits: plan.model_limits, group_limits: plan.group_limits };
  const limit = terms.limited ? plan.max_purchase_per_user : 0;
  const created = limit > 0 ? await deps.subscriptions.createWithin(fields, now, limit) : await deps.subscriptions.create(fields, now, terms.once);
  if (!created) throw new ApiFailure(LIMIT_REACHED);
  deps.notices.publish('subscriptions', userId);
  return created;
}

/** The plan a user may take: enabled, and under its max_purchase_per_user (as new-api checks both before any payment). */
export async function purchasablePlan(deps: SubscribeDeps, userId: number, planId: number): Promise<SubscriptionPlan> {
  const plan = await deps.subscriptions.planById(planId);
  if (!plan) throw new ApiFailure('套餐不存在');
  if (!plan.enabled) throw new ApiFailure('套餐未启用');
  if (plan.max_purchase_per_user > 0 && (await deps.subscriptions.countByUserPlan(userId, plan.id)) >= plan.max_purchase_per_user) throw new ApiFailure(LIMIT_REACHED);
  return plan;
}
