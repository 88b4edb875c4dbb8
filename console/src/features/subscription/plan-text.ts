import type { PlanWindow, SubscriptionPlan } from '@tollgate/wire';
import type { Translate } from '../../i18n';

/** How long a plan lasts, in its own unit (a custom plan in seconds). */
export function durationText(plan: Pick<SubscriptionPlan, 'duration_unit' | 'duration_value' | 'custom_seconds'>, t: Translate): string {
  const value = plan.duration_unit === 'custom' ? plan.custom_seconds : plan.duration_value;
  return `${value} ${t(`subscription.unit.${plan.duration_unit}`)}`;
}

/** A window's period: daily, weekly, ..., or every so many seconds. */
export function periodText(w: PlanWindow, t: Translate): string {
  return w.quota_reset_period === 'custom' ? t('subscription.period.custom', { seconds: w.quota_reset_custom_seconds }) : t(`subscription.period.${w.quota_reset_period}`);
}

const SYMBOLS = new Map([['USD', '$'], ['EUR', '€'], ['CNY', '¥'], ['GBP', '£'], ['JPY', '¥']]);

/** A price in the plan's currency, as new-api's cards write it. */
export function priceText(plan: Pick<SubscriptionPlan, 'price_amount' | 'currency'>): string {
  return `${SYMBOLS.get(plan.currency) ?? `${plan.currency} `}${plan.price_amount.toFixed(2)}`;
}

/** A plan's windows: new-api's one and the extra ones, as the server counts them. */
export function planWindowsOf(plan: Pick<SubscriptionPlan, 'total_amount' | 'quota_reset_period' | 'quota_reset_custom_seconds' | 'extra_windows'>): PlanWindow[] {
  return [{ total_amount: plan.total_amount, quota_reset_period: plan.quota_reset_period, quota_reset_custom_seconds: plan.quota_reset_custom_seconds }, ...plan.extra_windows];
}
