import type { SubscriptionPlan } from '@tollgate/wire';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { PlanEntry } from '../api';
import { durationText, periodText, planWindowsOf, priceText } from '../plan-text';

/** The admin's plan list: price, duration, windows, limits, status and the row's actions. */
export function usePlanColumns(actions: { onEdit(plan: SubscriptionPlan): void; onToggle(plan: SubscriptionPlan): void }): Column<PlanEntry>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    { id: 'id', label: 'ID', numeric: true, cell: ({ plan }) => plan.id, sortValue: ({ plan }) => plan.id },
    { id: 'title', label: t('plan.title'), required: true, cell: ({ plan }) => plan.title, sortValue: ({ plan }) => plan.title },
    { id: 'price', label: t('plan.price'), cell: ({ plan }) => priceText(plan), sortValue: ({ plan }) => plan.price_amount },
    { id: 'duration', label: t('plan.durationValue'), cell: ({ plan }) => durationText(plan, t) },
    { id: 'windows', label: t('plan.windows'), cell: ({ plan }) => planWindowsOf(plan).map((w) => `${periodText(w, t)} ${w.total_amount > 0 ? formatQuota(w.total_amount, display) : t('subscription.unlimited')}`).join('; ') },
    { id: 'limits', label: t('plan.limits'), cell: ({ plan }) => [plan.model_limits, plan.group_limits].filter(Boolean).join(' / ') || '-' },
    {
      id: 'status', label: t('plan.status'), sortValue: ({ plan }) => Number(plan.enabled),
      cell: ({ plan }) => <span className={`${tag.base} ${plan.enabled ? tag.green : tag.grey}`}>{t(plan.enabled ? 'plan.enabled' : 'plan.disabled')}</span>,
    },
    {
      id: 'actions', label: t('user.actions'), required: true,
      cell: ({ plan }) => (
        <div className="flex gap-1">
          <Button variant="outline" onClick={() => actions.onEdit(plan)}>{t('plan.edit')}</Button>
          <Button variant="ghost" onClick={() => actions.onToggle(plan)}>{t(plan.enabled ? 'plan.disable' : 'plan.enable')}</Button>
        </div>
      ),
    },
  ];
}
