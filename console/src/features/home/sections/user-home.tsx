import { format } from 'date-fns';
import { CalendarClock, CalendarDays, Flame, Wallet, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/ui/relative-time';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { button } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { SelfUsage } from '@tollgate/wire';
import { useSelfUsage } from '../hooks/use-self-usage';
import { UsageTables } from './usage-tables';

const icon = 'h-5 w-5';

/** When the balance runs out at the burn rate: a date and how far off it is, or why there is none. */
function RunsOut({ usage }: { usage: SelfUsage }) {
  const t = useT();
  if (usage.runs_out_at === null) return <>{t('home.runsOutNever')}</>;
  if (usage.runs_out_at <= usage.now) return <>{t('home.runsOutNow')}</>;
  return <>{format(new Date(usage.runs_out_at * 1000), 'yyyy-MM-dd')}</>;
}

/** A signed-in user's home: balance, spend today and this month, burn rate and run-out date, then use per token and per model. */
export function UserHome() {
  const t = useT();
  const display = useQuotaDisplay();
  const { data: usage } = useSelfUsage();
  const quota = (value: number | undefined) => (value === undefined ? undefined : formatQuota(value, display));
  return (
    <div className="space-y-4" data-testid="user-home">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('home.yourUsage')}</h1>
        <div className="flex gap-2">
          <Link to="/topup" className={`${button.base} ${button.variant.outline}`}>{t('home.topUp')}</Link>
          <Link to="/token" className={`${button.base} ${button.variant.primary}`}>{t('home.createToken')}</Link>
        </div>
      </div>
      <StatGrid columns={5}>
        <StatCard testId="home-balance" raw={usage?.balance} label={t('home.balance')} icon={<Wallet className={icon} />} value={quota(usage?.balance)} />
        <StatCard testId="home-today" raw={usage?.today.quota} label={t('home.spendToday')} icon={<Zap className={icon} />} value={quota(usage?.today.quota)} hint={usage && t('home.requests', { count: usage.today.requests })} />
        <StatCard testId="home-month" raw={usage?.month.quota} label={t('home.spendMonth')} icon={<CalendarDays className={icon} />} value={quota(usage?.month.quota)} hint={usage && t('home.requests', { count: usage.month.requests })} />
        <StatCard testId="home-burn" raw={usage?.burn.quota_per_day} label={t('home.burnRate')} icon={<Flame className={icon} />} value={quota(usage && Math.round(usage.burn.quota_per_day))} hint={usage && t('home.burnHint', { days: usage.burn.window_days })} />
        <StatCard testId="home-runs-out" raw={usage?.runs_out_at} label={t('home.runsOut')} icon={<CalendarClock className={icon} />} value={usage && <RunsOut usage={usage} />}
          hint={usage?.runs_out_at && usage.runs_out_at > usage.now ? <RelativeTime seconds={usage.runs_out_at} now={usage.now * 1000} /> : undefined} />
      </StatGrid>
      <UsageTables byToken={usage?.by_token} byModel={usage?.by_model} />
    </div>
  );
}
