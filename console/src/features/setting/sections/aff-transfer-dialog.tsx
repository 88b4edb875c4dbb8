import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { selfQueryKey } from '../../account/hooks/use-self';
import { QuotaEquivalent } from '../../status/quota-equivalent';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { accountApi } from '../api';

/** Moves invite rewards into the balance: at least one quota unit (the spec's rule), at most what is pending. */
export function AffTransferDialog({ open, pending, onClose }: { open: boolean; pending: number; onClose(): void }) {
  const t = useT();
  const notify = useToast();
  const display = useQuotaDisplay();
  const queryClient = useQueryClient();
  const [quota, setQuota] = useState(pending);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (quota < display.quotaPerUnit) return notify(`${t('setting.transferMinimum')}${formatQuota(display.quotaPerUnit, display)}`, 'error');
    setBusy(true);
    try {
      await accountApi.affTransfer(quota);
      notify(t('setting.transferred'));
      onClose();
    } catch {
      // The client showed the server's refusal.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: selfQueryKey });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('setting.transfer')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('setting.transferPending', { pending: formatQuota(pending, display) })}</p>
        <Field id="aff-transfer-quota" label={t('setting.transferQuota')} type="number" min={0} value={quota} onChange={(e) => setQuota(Number.parseInt(e.target.value, 10) || 0)} />
        <QuotaEquivalent quota={quota} testId="aff-transfer-equivalent" />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>{t('token.cancel')}</Button>
          <Button type="submit" disabled={busy}>{t('setting.transfer')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
