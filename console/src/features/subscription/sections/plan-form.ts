import type { PlanWindow, SubscriptionPlan } from '@tollgate/wire';
import type { PlanFields } from '../api';
import { planWindowsOf } from '../plan-text';

/** A new plan's fields: new-api's defaults (a month, one window without a limit). */
export const blankPlan: PlanFields = {
  title: '', subtitle: '', price_amount: 0, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0, enabled: true, sort_order: 0,
  stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: 0, quota_reset_period: 'never',
  quota_reset_custom_seconds: 0, model_limits: '', group_limits: '', extra_windows: [],
};

/** The form edits the windows as one list; the server keeps the first as new-api's window and the rest as extra ones. */
export interface PlanForm {
  fields: PlanFields;
  windows: PlanWindow[];
}

export function formOf(plan: SubscriptionPlan | null): PlanForm {
  if (!plan) return { fields: blankPlan, windows: planWindowsOf(blankPlan) };
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = plan;
  return { fields, windows: planWindowsOf(plan) };
}

export function fieldsOf(form: PlanForm): PlanFields {
  const [main = planWindowsOf(blankPlan)[0], ...extra] = form.windows;
  return { ...form.fields, ...main, extra_windows: extra };
}

export const newWindow = (): PlanWindow => ({ total_amount: 0, quota_reset_period: 'daily', quota_reset_custom_seconds: 0 });
