import { Activity, Coins, Hash } from 'lucide-react';
import { useMemo, useState } from 'react';
import { StatCard, StatGrid } from '../../components/ui/stat-card';
import { useT } from '../../i18n';
import { formatQuota, shortNumber } from '../../lib/quota';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useQuotaDisplay, useStatus } from '../status/hooks/use-status';
import { type DetailFilters, type Granularity, granularities } from './api';
import { useQuotaData } from './hooks/use-quota-data';
import { DetailFiltersForm } from './sections/detail-filters-form';
import { ExportButtons } from './sections/export-buttons';
import { LiveThroughputChart } from './sections/live-throughput-chart';
import { UsageCharts } from './sections/usage-charts';
import { usageTotals } from './series';

const DAY_SECONDS = 86_400;

/** The operator's DataExportDefaultTime when it names a known bucket, else hour. */
function defaultGranularity(configured: string | undefined): Granularity {
  return granularities.find((known) => known === configured) ?? 'hour';
}

/** The last week, in the operator's default buckets: the range the dashboard opens on (a user's own range may not exceed a month). */
function initialFilters(granularity: Granularity): DetailFilters {
  const now = Math.floor(Date.now() / 1000);
  return { start_timestamp: now - 7 * DAY_SECONDS, end_timestamp: now + 3600, granularity, username: '' };
}

/** The data dashboard: consumption, requests and tokens over time, and the live RPM/TPM. */
export function DetailPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const display = useQuotaDisplay();
  const { data: status } = useStatus();
  const defaultTime = status?.data_export_default_time;
  // Until the user searches, the filters follow the status, which may arrive after the first render.
  const defaults = useMemo(() => initialFilters(defaultGranularity(defaultTime)), [defaultTime]);
  const [chosen, setFilters] = useState<DetailFilters | null>(null);
  const filters = chosen ?? defaults;
  const { data: rows = [] } = useQuotaData(filters, admin, status?.data_export_interval);
  const totals = usageTotals(rows);
  return (
    <div className="space-y-4">
      <DetailFiltersForm key={defaults.granularity} admin={admin} value={filters} onSearch={setFilters} />
      <StatGrid columns={3} testId="detail-totals">
        <StatCard testId="detail-stat-quota" raw={totals.quota} label={t('detail.totalQuota')} icon={<Coins className="h-5 w-5" />} value={formatQuota(totals.quota, display)} />
        <StatCard testId="detail-stat-requests" raw={totals.requests} label={t('detail.requests')} icon={<Activity className="h-5 w-5" />} value={totals.requests} />
        <StatCard testId="detail-stat-tokens" raw={totals.tokens} label={t('detail.tokens')} icon={<Hash className="h-5 w-5" />} value={shortNumber(totals.tokens)} />
      </StatGrid>
      {admin && (
        <div className="flex flex-wrap gap-4">
          <ExportButtons kind="data" range={filters} />
          <ExportButtons kind="log" range={filters} />
        </div>
      )}
      <UsageCharts rows={rows} granularity={filters.granularity} />
      <LiveThroughputChart admin={admin} />
    </div>
  );
}
