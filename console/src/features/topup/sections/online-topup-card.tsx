import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { useStatus } from '../../status/hooks/use-status';
import { submitPaymentForm, topupApi } from '../api';

type Method = 'zfb' | 'wx';

/** Online top-up: the amount (clamped to at least 1), the method, a confirmation with the amount payable, then off to the gateway. */
export function OnlineTopupCard({ leave = submitPaymentForm }: { leave?: typeof submitPaymentForm }) {
  const t = useT();
  const notify = useToast();
  const { data: status } = useStatus();
  const minimum = status?.min_topup ?? 1;
  const [amount, setAmount] = useState(minimum);
  const [pending, setPending] = useState<{ method: Method; payable: string } | null>(null);
  const fail = (error: unknown) => notify(error instanceof Error && error.message ? error.message : t('topup.failed'), 'error');

  const ask = async (method: Method) => {
    if (!status?.enable_online_topup) return notify(t('topup.notEnabled'), 'error');
    if (amount < minimum) return notify(`${t('topup.tooLow')} ${minimum}`, 'error');
    await topupApi.payable(amount).then((payable) => setPending({ method, payable }), fail);
  };
  const pay = async (method: Method) => {
    setPending(null);
    await topupApi.pay(amount, method).then(leave, fail);
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold">{t('topup.onlineTitle')}</h2>
      <Field id="topup-amount" type="number" min={1} label={t('topup.amount')} value={amount} onChange={(e) => setAmount(Math.max(1, Math.floor(Number(e.target.value) || 1)))} />
      <div className="flex gap-2">
        <Button onClick={() => void ask('zfb')}>{t('topup.alipay')}</Button>
        <Button onClick={() => void ask('wx')}>{t('topup.wechat')}</Button>
      </div>
      <Dialog open={pending !== null} onClose={() => setPending(null)} title={t('topup.confirmTitle')}>
        <dl className="mb-4 grid grid-cols-2 gap-2 text-sm" data-testid="topup-confirm">
          <dt>{t('topup.amount')}</dt>
          <dd>{amount}</dd>
          <dt>{t('topup.payable')}</dt>
          <dd>{pending?.payable}</dd>
        </dl>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setPending(null)}>{t('topup.cancel')}</Button>
          <Button onClick={() => pending && void pay(pending.method)}>{t('topup.confirm')}</Button>
        </div>
      </Dialog>
    </section>
  );
}
