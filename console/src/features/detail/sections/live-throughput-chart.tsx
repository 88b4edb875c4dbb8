import { format } from 'date-fns';
import { Chart } from '../../../components/ui/chart';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { useThroughputHistory } from '../live/use-throughput-history';

/** RPM and TPM of the last minute, as the server pushes them while the page is open. */
export function LiveThroughputChart({ admin }: { admin: boolean }) {
  const t = useT();
  const points = useThroughputHistory(admin);
  const latest = points.at(-1);
  return (
    <section className={card}>
      <h2 className="mb-2 font-semibold">
        {t('detail.live')} <span className="text-sm font-normal text-slate-500 dark:text-slate-400" data-testid="live-latest">{latest ? `RPM: ${latest.rpm} · TPM: ${latest.tpm}` : t('detail.liveWaiting')}</span>
      </h2>
      <Chart
        testId="chart-live"
        kind="line"
        height={200}
        categories={points.map((point) => format(point.at, 'HH:mm:ss'))}
        series={[{ name: 'RPM', data: points.map((point) => point.rpm) }, { name: 'TPM', data: points.map((point) => point.tpm) }]}
      />
    </section>
  );
}
