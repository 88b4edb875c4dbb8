import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { selfQueryKey } from '../../account/hooks/use-self';
import { topUpsQueryKey } from '../../statement/hooks/use-top-ups';
import { useStatus } from '../../status/hooks/use-status';
import { topupApi } from '../api';

/** Redeem a code (the server refuses unknown or used ones; the API client shows why), or get one from the top-up link. */
export function RedeemCard() {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const { data: status } = useStatus();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const redeem = async () => {
    if (!code.trim()) return notify(t('topup.codeRequired'), 'error');
    setBusy(true);
    try {
      await topupApi.redeem(code.trim());
      notify(t('topup.redeemed'));
      setCode('');
      await Promise.all([queryClient.invalidateQueries({ queryKey: selfQueryKey }), queryClient.invalidateQueries({ queryKey: topUpsQueryKey })]);
    } catch {
      // already shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const openLink = () => (status?.top_up_link ? window.open(status.top_up_link, '_blank', 'noopener') : notify(t('topup.noLink'), 'error'));
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold">{t('topup.redeemTitle')}</h2>
      <Field id="redeem-code" label={t('topup.code')} value={code} onChange={(e) => setCode(e.target.value)} />
      <div className="flex gap-2">
        <Button disabled={busy} onClick={() => void redeem()}>{t('topup.redeem')}</Button>
        <Button variant="outline" onClick={openLink}>{t('topup.link')}</Button>
      </div>
    </section>
  );
}
