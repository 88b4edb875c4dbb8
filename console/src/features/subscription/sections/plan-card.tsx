import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { card } from '../../../components/ui/tokens';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { type Leave, type PayFlags, type PlanEntry, subscriptionApi } from '../api';
import { durationText, periodText, planWindowsOf, priceText } from '../plan-text';

/** A plan on sale: its price, duration and windows; the wallet always pays, Epay's methods while online top-up is on, Stripe or Creem only where switched on and the plan names its product. */
export function PlanCard({ entry, flags, leave, onBought }: { entry: PlanEntry; flags: PayFlags | undefined; leave: Leave; onBought(): void }) {
  const t = useT();
  const notify = useToast();
  const display = useQuotaDisplay();
  const [confirming, setConfirming] = useState(false);
  const { plan } = entry;
  const buy = async () => {
    try {
      await subscriptionApi.payWithWallet(plan.id);
      notify(t('subscription.bought'));
    } catch {
      // The client showed the server's message.
    }
    onBought();
  };
  const epayMethods = flags?.enable_online_topup ? flags.pay_methods.filter((m) => m.type !== 'stripe' && m.type !== 'creem') : [];
  const toProvider = async (go: () => Promise<void>) => {
    try {
      await go();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error');
    }
  };
  return (
    <div data-testid="plan-card" data-plan-id={plan.id} className={`${card} space-y-2`}>
      <h3 className="font-semibold">{plan.title}</h3>
      {plan.subtitle && <p className="text-sm text-slate-500 dark:text-slate-400">{plan.subtitle}</p>}
      <p className="text-2xl font-bold">{priceText(plan)}</p>
      <p className="text-sm">{t('subscription.duration', { value: durationText(plan, t) })}</p>
      <ul className="text-sm">
        {planWindowsOf(plan).map((w, i) => <li key={i}>{periodText(w, t)}: {w.total_amount > 0 ? formatQuota(w.total_amount, display) : t('subscription.unlimited')}</li>)}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setConfirming(true)}>{t('subscription.buyWallet')}</Button>
        {flags?.enable_stripe_topup && plan.stripe_price_id && <Button variant="outline" onClick={() => void toProvider(async () => leave.checkout(await subscriptionApi.stripeLink(plan.id)))}>{t('subscription.buyStripe')}</Button>}
        {flags?.enable_creem_topup && plan.creem_product_id && <Button variant="outline" onClick={() => void toProvider(async () => leave.checkout(await subscriptionApi.creemLink(plan.id)))}>{t('subscription.buyCreem')}</Button>}
        {epayMethods.map((m) => <Button key={m.type} variant="outline" onClick={() => void toProvider(async () => leave.form(await subscriptionApi.epayForm(plan.id, m.type)))}>{m.name}</Button>)}
      </div>
      <ConfirmDialog open={confirming} title={t('subscription.confirmBuy', { title: plan.title })} confirmLabel={t('subscription.buyWallet')} cancelLabel={t('token.cancel')} onConfirm={() => void buy()} onClose={() => setConfirming(false)} />
    </div>
  );
}
