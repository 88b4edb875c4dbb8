import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ManualCopyDialog } from '../../../components/ui/manual-copy-dialog';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useClipboard } from '../../../lib/use-clipboard';
import { useSelf } from '../../account/hooks/use-self';
import { useQuotaDisplay, useStatus } from '../../status/hooks/use-status';
import { accountApi } from '../api';
import { AffTransferDialog } from './aff-transfer-dialog';

/** The management access token (regenerated on demand) and the invite link with its statistics. */
export function AccessCard() {
  const t = useT();
  const display = useQuotaDisplay();
  const clipboard = useClipboard();
  const { data: self } = useSelf();
  const { data: status } = useStatus();
  const { data: affCode } = useQuery({ queryKey: ['aff-code'], queryFn: ({ signal }) => accountApi.affCode(signal) });
  const [token, setToken] = useState<string | null>(null);
  const [transferring, setTransferring] = useState(false);
  const origin = status?.server_address || window.location.origin;
  const inviteLink = affCode ? `${origin}/register?aff=${affCode}` : '';
  const regenerate = async () => {
    const fresh = await accountApi.newAccessToken().catch(() => null);
    if (fresh) {
      setToken(fresh);
      await clipboard.copy(fresh);
    }
  };
  return (
    <section className={`${card} space-y-3`}>
      <Button onClick={() => void regenerate()}>{t('setting.accessToken')}</Button>
      {token && <code data-testid="access-token" className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">{token}</code>}
      <h2 className="font-semibold">{t('setting.invite')}</h2>
      <code data-testid="invite-link" className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">{inviteLink}</code>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t('setting.inviteStats', { count: self?.aff_count ?? 0, pending: formatQuota(self?.aff_quota ?? 0, display), total: formatQuota(self?.aff_history_quota ?? 0, display) })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" disabled={!inviteLink} onClick={() => void clipboard.copy(inviteLink)}>{t('setting.copyInvite')}</Button>
        <Button variant="outline" onClick={() => setTransferring(true)}>{t('setting.transfer')}</Button>
      </div>
      {transferring && <AffTransferDialog open pending={self?.aff_quota ?? 0} onClose={() => setTransferring(false)} />}
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </section>
  );
}
