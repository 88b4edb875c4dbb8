import { Chart } from '../../../components/ui/chart';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { QuotaDataRow } from '@tollgate/wire';
import type { Granularity } from '../api';
import { bucketLabel, toUsageSeries } from '../series';

/** Quota by model (stacked), then requests and tokens, on one time axis. */
export function UsageCharts({ rows, granularity }: { rows: QuotaDataRow[]; granularity: Granularity }) {
  const t = useT();
  const { buckets, quotaByModel, requests, tokens } = toUsageSeries(rows);
  const categories = buckets.map((bucket) => bucketLabel(bucket, granularity));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={`${card} lg:col-span-2`}>
        <h2 className="mb-2 font-semibold">{t('detail.quotaByModel')}</h2>
        <Chart testId="chart-quota" kind="bar" stacked categories={categories} series={quotaByModel} />
      </section>
      <section className={card}>
        <h2 className="mb-2 font-semibold">{t('detail.requests')}</h2>
        <Chart testId="chart-requests" kind="line" categories={categories} series={[{ name: t('detail.requests'), data: requests }]} />
      </section>
      <section className={card}>
        <h2 className="mb-2 font-semibold">{t('detail.tokens')}</h2>
        <Chart testId="chart-tokens" kind="area" categories={categories} series={[{ name: t('detail.tokens'), data: tokens }]} />
      </section>
    </div>
  );
}
