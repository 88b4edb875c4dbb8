import { Activity, History, Wallet } from 'lucide-react';
import { StatCard, StatGrid } from '../../components/ui/stat-card';
import { useT } from '../../i18n';
import { formatQuota } from '../../lib/quota';
import { useLiveBalance } from './live/use-live-balance';
import { useSelf } from './hooks/use-self';
import { useQuotaDisplay } from '../status/hooks/use-status';

const icon = 'h-5 w-5';

/** The user's balance, kept current by the server's pushes (no reload). */
export function BalanceCard() {
  const t = useT();
  const display = useQuotaDisplay();
  const { data: self } = useSelf();
  const { isConnected } = useLiveBalance();
  const live = (
    <span title={t(isConnected ? 'live.connected' : 'live.offline')} className={isConnected ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}>●</span>
  );
  return (
    <StatGrid columns={3}>
      <StatCard label={<>{t('balance.quota')} {live}</>} icon={<Wallet className={icon} />}
        value={self && <span data-testid="balance-quota" data-quota={self.quota}>{formatQuota(self.quota, display)}</span>} />
      <StatCard label={t('balance.used')} icon={<History className={icon} />} value={self && formatQuota(self.used_quota, display)} />
      <StatCard label={t('balance.requests')} icon={<Activity className={icon} />} value={self?.request_count} />
    </StatGrid>
  );
}
