import type { SubscriptionPlan } from '@tollgate/wire';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { SortableTable } from '../../components/ui/sortable-table';
import { useT } from '../../i18n';
import { useListAction } from '../../lib/use-list-action';
import { subscriptionApi } from './api';
import { subscriptionKeys, useAdminPlans } from './hooks/use-subscriptions';
import { PlanDialog } from './sections/plan-dialog';
import { usePlanColumns } from './sections/plan-columns';
import { UserSubscriptions } from './sections/user-subscriptions';

/** Dialog state: closed, creating, or editing one plan. */
type Editing = { plan: SubscriptionPlan | null } | null;

/** The admin's plans (new-api's subscription page): list, create, edit, enable; a user's subscriptions, grants and invalidation. */
export function PlanAdminPage() {
  const t = useT();
  const plans = useAdminPlans();
  const run = useListAction(subscriptionKeys.adminPlans);
  const [editing, setEditing] = useState<Editing>(null);
  const [userText, setUserText] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const columns = usePlanColumns({
    onEdit: (plan) => setEditing({ plan }),
    onToggle: (plan) => void run(() => subscriptionApi.setPlanEnabled(plan.id, !plan.enabled), 'plan.saved'),
  });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing({ plan: null })}>{t('plan.add')}</Button>
      </div>
      <SortableTable id="plan" columns={columns} rows={plans.data} rowKey={(entry) => entry.plan.id} caption={t('nav.plans')} rowProps={(entry) => ({ 'data-plan-id': entry.plan.id })}
        empty={<EmptyState title={t('plan.empty')} action={{ label: t('plan.add'), onClick: () => setEditing({ plan: null }) }} />} />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t('plan.grants')}</h2>
        <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); setUserId(Number.parseInt(userText, 10) || null); }}>
          <Field id="grant-user-id" label={t('plan.userId')} type="number" min={1} value={userText} onChange={(e) => setUserText(e.target.value)} />
          <Button type="submit">{t('plan.lookup')}</Button>
        </form>
        {userId !== null && <UserSubscriptions key={userId} userId={userId} />}
      </section>
      {editing && <PlanDialog key={editing.plan?.id ?? 'new'} editing={editing.plan} onClose={() => setEditing(null)} />}
    </div>
  );
}
