import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { formatQuota } from '../../lib/quota';
import { useLiveBalance } from '../../live/use-live-balance';
import { useSelf } from './hooks/use-self';
import { useQuotaDisplay } from '../status/hooks/use-status';

/** The user's balance, kept current by the server's pushes (no reload). */
export function BalanceCard() {
  const t = useT();
  const display = useQuotaDisplay();
  const { data: self } = useSelf();
  const { isConnected } = useLiveBalance();
  return (
    <div className={`${card} grid grid-cols-3 gap-4`}>
      <div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('balance.quota')} <span title={t(isConnected ? 'live.connected' : 'live.offline')} className={isConnected ? 'text-emerald-600' : 'text-slate-500 dark:text-slate-400'}>●</span>
        </div>
        <div data-testid="balance-quota" data-quota={self?.quota ?? ''} className="text-lg font-semibold">
          {self ? formatQuota(self.quota, display) : '—'}
        </div>
      </div>
      <div>
        <div className="text-xs text-slate-500 dark:text-slate-400">{t('balance.used')}</div>
        <div className="text-lg font-semibold">{self ? formatQuota(self.used_quota, display) : '—'}</div>
      </div>
      <div>
        <div className="text-xs text-slate-500 dark:text-slate-400">{t('balance.requests')}</div>
        <div className="text-lg font-semibold">{self?.request_count ?? '—'}</div>
      </div>
    </div>
  );
}
