import { card, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { SubscriptionSummary, WindowSummary } from '@tollgate/wire';
import { periodText } from '../plan-text';

const statusTag = { active: tag.green, expired: tag.grey, cancelled: tag.red } as const;

function WindowLine({ window: w }: { window: WindowSummary }) {
  const t = useT();
  const display = useQuotaDisplay();
  const limited = w.total_amount > 0;
  return (
    <li data-testid="subscription-window" data-left={w.amount_left} data-used={w.amount_used} className="flex flex-wrap justify-between gap-2 text-sm">
      <span>{periodText(w, t)}</span>
      <span>{limited ? t('subscription.left', { left: formatQuota(w.amount_left, display), total: formatQuota(w.total_amount, display) }) : t('subscription.unlimited')}</span>
      {w.next_reset_time > 0 && <span className="text-slate-500 dark:text-slate-400">{t('subscription.resetsAt', { time: formatTime(w.next_reset_time) })}</span>}
    </li>
  );
}

/** One subscription: its status, end, and what each of its windows has left and when it resets. */
export function SubscriptionCard({ summary, children }: { summary: SubscriptionSummary; children?: React.ReactNode }) {
  const t = useT();
  const sub = summary.subscription;
  return (
    <div data-testid="subscription" data-subscription-id={sub.id} className={card}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-medium">#{sub.id}</span>
        <span className={`${tag.base} ${statusTag[sub.status]}`}>{t(`subscription.status.${sub.status}`)}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">{t(`plan.source.${sub.source}`)} · {t('subscription.until', { time: formatTime(sub.end_time) })}</span>
        {children}
      </div>
      <ul className="space-y-1">
        {summary.windows.map((w, i) => <WindowLine key={i} window={w} />)}
      </ul>
    </div>
  );
}
