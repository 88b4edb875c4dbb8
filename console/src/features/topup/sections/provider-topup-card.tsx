import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { type CreemProduct, creemProductsOf, openCheckout, topupApi } from '../api';

/** What the buyer confirms before leaving: a Stripe amount and its price, or a Creem product. */
type Pending = { kind: 'stripe'; payable: string } | { kind: 'creem'; product: CreemProduct };

/**
 * Card and international payment, as new-api's wallet offers them when the operator set them up
 * (GET /api/user/topup/info): Stripe for an amount, Creem for one of the configured products. A
 * confirmation shows what will be charged, then the browser goes to the provider's checkout; the
 * quota arrives with the provider's signed webhook.
 */
export function ProviderTopupCard({ leave = openCheckout }: { leave?: (url: string) => void }) {
  const t = useT();
  const notify = useToast();
  const { data: info } = useQuery({ queryKey: ['topup-info'], queryFn: topupApi.info });
  const minimum = Math.max(1, info?.stripe_min_topup ?? 1);
  const [amount, setAmount] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const fail = (error: unknown) => notify(error instanceof Error && error.message ? error.message : t('topup.failed'), 'error');
  const products = creemProductsOf(info);
  if (!info?.enable_stripe_topup && !(info?.enable_creem_topup && products.length > 0)) return null;
  const chosen = amount ?? minimum;

  const askStripe = async () => {
    if (chosen < minimum) return notify(`${t('topup.tooLow')} ${minimum}`, 'error');
    await topupApi.stripePayable(chosen).then((payable) => setPending({ kind: 'stripe', payable }), fail);
  };
  const pay = async (what: Pending) => {
    setPending(null);
    await (what.kind === 'stripe' ? topupApi.stripePay(chosen) : topupApi.creemPay(what.product.productId)).then(leave, fail);
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold">{t('topup.providerTitle')}</h2>
      {info.enable_stripe_topup && (
        <div className="space-y-2">
          <Field id="stripe-amount" type="number" min={minimum} label={t('topup.stripeAmount')} value={chosen} onChange={(e) => setAmount(Math.max(1, Math.floor(Number(e.target.value) || 1)))} />
          <Button onClick={() => void askStripe()}>Stripe</Button>
        </div>
      )}
      {info.enable_creem_topup && products.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label={t('topup.creemProducts')}>
          {products.map((product) => (
            <Button key={product.productId} variant="ghost" onClick={() => setPending({ kind: 'creem', product })}>
              {`${product.name} · ${product.price} ${product.currency}`}
            </Button>
          ))}
        </div>
      )}
      <Dialog open={pending !== null} onClose={() => setPending(null)} title={t('topup.confirmTitle')}>
        <dl className="mb-4 grid grid-cols-2 gap-2 text-sm" data-testid="provider-confirm">
          <dt>{pending?.kind === 'creem' ? t('topup.product') : t('topup.amount')}</dt>
          <dd>{pending?.kind === 'creem' ? pending.product.name : chosen}</dd>
          <dt>{t('topup.payable')}</dt>
          <dd>{pending?.kind === 'creem' ? `${pending.product.price} ${pending.product.currency}` : pending?.payable}</dd>
        </dl>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setPending(null)}>{t('topup.cancel')}</Button>
          <Button onClick={() => pending && void pay(pending)}>{t('topup.confirm')}</Button>
        </div>
      </Dialog>
    </section>
  );
}
