import { format } from 'date-fns';
import { Chart } from '../../../components/ui/chart';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { percent } from '../format';
import type { OpsSnapshot } from '@tollgate/wire';
import type { MinutePoint } from '../traffic';
import { lastHour } from '../traffic';

const LABEL_EVERY = 10;

function Stat({ label, value, testId }: { label: MessageKey; value: string; testId: string }) {
  const t = useT();
  return (
    <div className={card}>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t(label)}</p>
      <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>{value}</p>
    </div>
  );
}

/** RPM, TPM, spend per minute and error rate now, and each of them over the last hour. */
export function TrafficSection({ snapshot, history }: { snapshot: OpsSnapshot | null; history: readonly MinutePoint[] }) {
  const t = useT();
  const display = useQuotaDisplay();
  const now = snapshot?.now;
  // eslint-disable-next-line react-hooks/purity -- before the first snapshot the hour ends at this render, by design; no React Compiler memoizes it.
  const hour = lastHour(history, snapshot?.minutes ?? [], snapshot?.at ?? Date.now());
  // Sixty labels do not fit under a small chart: every tenth minute and the current one are named.
  const categories = hour.minutes.map((minute, i) => (i % LABEL_EVERY === 0 || i === hour.minutes.length - 1 ? format(minute * 1000, 'HH:mm') : ''));
  return (
    <section className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="ops.rpm" testId="ops-rpm" value={now ? String(now.rpm) : '-'} />
        <Stat label="ops.tpm" testId="ops-tpm" value={now ? String(now.tpm) : '-'} />
        <Stat label="ops.spendPerMinute" testId="ops-spend" value={now ? formatQuota(now.spendPerMinute, display) : '-'} />
        <Stat label="ops.errorRate" testId="ops-error-rate" value={now ? percent(now.errorRate) : '-'} />
      </div>
      <div className={card}>
        <h2 className="mb-2 font-semibold">{t('ops.lastHour')}</h2>
        <div className="grid gap-3 lg:grid-cols-3">
          <Chart testId="ops-chart-calls" kind="line" height={200} categories={categories} series={[{ name: t('ops.series.calls'), data: hour.calls }, { name: t('ops.series.errors'), data: hour.errors }]} />
          <Chart testId="ops-chart-tokens" kind="line" height={200} categories={categories} series={[{ name: t('ops.series.tokens'), data: hour.tokens }]} />
          <Chart testId="ops-chart-spend" kind="bar" height={200} categories={categories} series={[{ name: t('ops.series.spend'), data: hour.quota }]} />
        </div>
      </div>
    </section>
  );
}
