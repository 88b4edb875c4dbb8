import { durationUnits, type PlanWindow, resetPeriods, type SubscriptionPlan, type UserSubscription } from '@tollgate/wire';
import { BATCH_SIZE, type ImportContext } from '../import-context.js';
import { type SourceSubscriptionPlan, type SourceUserSubscription, sourceSubscriptionPlan, sourceUserSubscription } from '../sources/new-api-rows.js';
import { ALREADY_IN_TOLLGATE, firstConflict } from './conflicts.js';
import { importDocuments, type Mapped } from './import-documents.js';

const statuses: readonly string[] = ['active', 'expired', 'cancelled'] satisfies UserSubscription['status'][];
/** new-api's sources of a subscription; it names a wallet purchase `balance`. */
const SOURCES = new Map<string, UserSubscription['source']>([['order', 'order'], ['admin', 'admin'], ['balance', 'wallet'], ['wallet', 'wallet']]);
const known = <T extends string>(list: readonly T[], value: string): T | undefined => list.find((item) => item === value);

/** A plan as Tollgate keeps it: new-api's one window, no model or group limits (new-api has none). */
function planOf(row: SourceSubscriptionPlan): Mapped<SubscriptionPlan> {
  const duration_unit = known(durationUnits, row.duration_unit);
  const quota_reset_period = known(resetPeriods, row.quota_reset_period || 'never');
  if (!duration_unit) return { skip: `duration unit '${row.duration_unit}' unknown` };
  if (!quota_reset_period) return { skip: `reset period '${row.quota_reset_period}' unknown` };
  const { title, subtitle, price_amount, duration_value, custom_seconds, enabled, sort_order, stripe_price_id, creem_product_id, max_purchase_per_user, upgrade_group, total_amount, quota_reset_custom_seconds, created_at, updated_at } = row;
  const plan = {
    id: row.id, title, subtitle, price_amount, currency: row.currency || 'USD', duration_unit, duration_value, custom_seconds, enabled, sort_order, stripe_price_id, creem_product_id,
    max_purchase_per_user, upgrade_group, total_amount, quota_reset_period, quota_reset_custom_seconds, model_limits: '', group_limits: '', extra_windows: [], created_at, updated_at,
  };
  return { doc: plan, openings: [] };
}

/** Plans as new-api's console left them, enabled or not, under their own ids (subscriptions and orders name them). */
export function importSubscriptionPlans(context: ImportContext): Promise<void> {
  const { subscriptions } = context.targets.documents;
  return importDocuments<SourceSubscriptionPlan, SubscriptionPlan>(context, {
    table: 'subscription_plans',
    kind: 'subscription plans',
    row: sourceSubscriptionPlan,
    map: planOf,
    conflict: async (plan) => ((await subscriptions.planById(plan.id)) !== null ? ALREADY_IN_TOLLGATE : null),
    write: (plan) => subscriptions.restorePlan(plan),
  });
}

/** The source's plans by id: a subscription takes its window's period from its plan (new-api keeps only the amount on the subscription). */
async function sourcePlans(context: ImportContext): Promise<Map<number, SourceSubscriptionPlan>> {
  const plans = new Map<number, SourceSubscriptionPlan>();
  if (!(await context.source.hasTable('subscription_plans'))) return plans;
  for await (const rows of context.source.batches('subscription_plans', BATCH_SIZE)) {
    for (const raw of rows) {
      const plan = sourceSubscriptionPlan.parse(raw);
      plans.set(plan.id, plan);
    }
  }
  return plans;
}

/** What a subscription carries that Tollgate keeps nowhere, named in the report (not a reason to leave the subscription out). */
function reportLostFields(context: ImportContext, row: SourceUserSubscription, window: PlanWindow): void {
  // Tollgate counts a window in the hold store from its own boundaries; new-api's count of the window in progress cannot be placed in it.
  if (row.status === 'active' && row.amount_used > 0 && row.end_time > context.nowSeconds) {
    context.report.skip('subscription fields', row.id, `amount_used of the window in progress (it starts again from 0 of ${window.total_amount})`);
  }
  if (row.prev_user_group) context.report.skip('subscription fields', row.id, 'no Tollgate field for prev_user_group (the group to return to when it ends)');
}

/** Every subscription, active or ended, with its plan's window as it was bought (its own amount_total); what its window had counted is reported. */
export async function importUserSubscriptions(context: ImportContext): Promise<void> {
  const { subscriptions, users } = context.targets.documents;
  const plans = await sourcePlans(context);
  return importDocuments<SourceUserSubscription, UserSubscription>(context, {
    table: 'user_subscriptions',
    kind: 'subscriptions',
    row: sourceUserSubscription,
    map(row) {
      const plan = plans.get(row.plan_id);
      const status = known(statuses, row.status) as UserSubscription['status'] | undefined;
      const source = SOURCES.get(row.source || 'order');
      if (!plan) return { skip: 'its plan is not in the source' };
      if (!status) return { skip: `status '${row.status}' unknown` };
      if (!source) return { skip: `source '${row.source}' unknown` };
      const window = { total_amount: row.amount_total, quota_reset_period: known(resetPeriods, plan.quota_reset_period || 'never') ?? 'never', quota_reset_custom_seconds: plan.quota_reset_custom_seconds };
      reportLostFields(context, row, window);
      const { id, user_id, plan_id, start_time, end_time, created_at, updated_at } = row;
      return { doc: { id, user_id, plan_id, start_time, end_time, status, source, windows: [window], model_limits: '', group_limits: '', created_at, updated_at }, openings: [] };
    },
    conflict: (sub) =>
      firstConflict([
        [async () => (await subscriptions.byId(sub.id)) !== null, ALREADY_IN_TOLLGATE],
        // On a dry run the user is not written yet: the source's users table vouches for it.
        [async () => !context.dryRun && (await users.byId(sub.user_id)) === null, 'its user is not in Tollgate'],
      ]),
    write: (sub) => subscriptions.restore(sub),
  });
}

/** Tables of subscriptions Tollgate does not carry, counted in the report's notes. */
export async function noteSubscriptionLeftovers(context: ImportContext): Promise<void> {
  const leftovers: [table: string, why: string][] = [
    ['subscription_orders', 'subscription orders not carried: their subscriptions are, and what they paid is in the top-up records'],
    ['subscription_plan_items', "an early new-api's per-model plan items not carried: Tollgate's plans limit by window"],
    ['user_subscription_items', "an early new-api's per-model subscription items not carried"],
  ];
  for (const [table, why] of leftovers) {
    const count = (await context.source.hasTable(table)) ? await context.source.count(table) : 0;
    if (count > 0) context.report.note(`${table}: ${count} ${why}`);
  }
}
