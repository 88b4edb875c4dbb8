import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { subscriptionApi } from '../api';
import { subscriptionKeys, useAdminPlans, useUserSubscriptions } from '../hooks/use-subscriptions';
import { SubscriptionCard } from './subscription-card';

/** An admin's view of one user's subscriptions: grant a plan, invalidate a running subscription (new-api's user subscription modal). */
export function UserSubscriptions({ userId }: { userId: number }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const subs = useUserSubscriptions(userId);
  const plans = useAdminPlans();
  const enabled = (plans.data ?? []).filter((p) => p.plan.enabled);
  const [planId, setPlanId] = useState<number | null>(null);
  const [invalidating, setInvalidating] = useState<number | null>(null);
  const chosen = planId ?? enabled[0]?.plan.id ?? null;
  const run = async (action: () => Promise<unknown>, done: 'plan.granted' | 'plan.invalidated') => {
    try {
      await action();
      notify(t(done));
    } catch {
      // The client showed the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.ofUser(userId) });
  };
  return (
    <div className="space-y-3">
      {enabled.length > 0 && chosen !== null && (
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Select<number> id="grant-plan" label={t('plan.grant')} value={chosen} onChange={setPlanId} options={enabled.map((p) => ({ value: p.plan.id, label: p.plan.title }))} />
          </div>
          <Button onClick={() => void run(() => subscriptionApi.grant(userId, chosen), 'plan.granted')}>{t('plan.grant')}</Button>
        </div>
      )}
      {subs.isPending ? <Skeleton className="h-20" /> : (subs.data ?? []).length === 0 ? <EmptyState title={t('subscription.none')} /> : (subs.data ?? []).map((s) => (
        <SubscriptionCard key={s.subscription.id} summary={s}>
          {s.subscription.status === 'active' && <Button variant="danger" onClick={() => setInvalidating(s.subscription.id)}>{t('plan.invalidate')}</Button>}
        </SubscriptionCard>
      ))}
      <ConfirmDialog open={invalidating !== null} title={t('plan.confirmInvalidate', { id: invalidating ?? 0 })} confirmLabel={t('plan.invalidate')} cancelLabel={t('token.cancel')}
        onConfirm={() => invalidating !== null && void run(() => subscriptionApi.invalidate(invalidating), 'plan.invalidated')} onClose={() => setInvalidating(null)} />
    </div>
  );
}
