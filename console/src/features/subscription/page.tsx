import { billingPreferences, type BillingPreference } from '@tollgate/wire';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { openCheckout, submitPaymentForm } from '../topup/api';
import { type Leave, subscriptionApi } from './api';
import { subscriptionKeys, usePayFlags, usePlans, useSubscriptionSelf } from './hooks/use-subscriptions';
import { PlanCard } from './sections/plan-card';
import { SubscriptionCard } from './sections/subscription-card';

const browserLeave: Leave = { checkout: openCheckout, form: submitPaymentForm };

/** The user's plans (new-api's subscription card): their subscriptions and what each window has left, the billing preference, the plans on sale, and past subscriptions. */
export function SubscriptionPage({ leave = browserLeave }: { leave?: Leave }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const self = useSubscriptionSelf();
  const plans = usePlans();
  const flags = usePayFlags();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.self });
  const setPreference = async (preference: BillingPreference) => {
    try {
      await subscriptionApi.setPreference(preference);
      notify(t('subscription.preferenceSaved'));
    } catch {
      // The client showed the server's message.
    }
    refresh();
  };
  const active = self.data?.subscriptions ?? [];
  const past = (self.data?.all_subscriptions ?? []).filter((s) => s.subscription.status !== 'active');
  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('subscription.mine')}</h2>
          {self.data && (
            <div className="w-48">
              <Select id="billing-preference" label={t('subscription.preference')} value={self.data.billing_preference} onChange={(p) => void setPreference(p)}
                options={billingPreferences.map((p) => ({ value: p, label: t(`subscription.pref.${p}`) }))} />
            </div>
          )}
        </div>
        {self.isPending ? <Skeleton className="h-24" /> : active.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('subscription.none')}</p> : active.map((s) => <SubscriptionCard key={s.subscription.id} summary={s} />)}
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t('subscription.plans')}</h2>
        {plans.isPending ? <Skeleton className="h-40" /> : (plans.data ?? []).length === 0 ? <EmptyState title={t('subscription.noPlans')} /> : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(plans.data ?? []).map((entry) => <PlanCard key={entry.plan.id} entry={entry} flags={flags.data} leave={leave} onBought={refresh} />)}
          </div>
        )}
      </section>
      {past.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">{t('subscription.history')}</h2>
          {past.map((s) => <SubscriptionCard key={s.subscription.id} summary={s} />)}
        </section>
      )}
    </div>
  );
}
