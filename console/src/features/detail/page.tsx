import { useState } from 'react';
import { useT } from '../../i18n';
import { formatQuota } from '../../lib/quota';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useQuotaDisplay } from '../status/hooks/use-status';
import type { DetailFilters } from './api';
import { useQuotaData } from './hooks/use-quota-data';
import { DetailFiltersForm } from './sections/detail-filters-form';
import { ExportButtons } from './sections/export-buttons';
import { LiveThroughputChart } from './sections/live-throughput-chart';
import { UsageCharts } from './sections/usage-charts';
import { usageTotals } from './series';

const DAY_SECONDS = 86_400;

/** The last week, by hour: the range the dashboard opens on (a user's own range may not exceed a month). */
function initialFilters(): DetailFilters {
  const now = Math.floor(Date.now() / 1000);
  return { start_timestamp: now - 7 * DAY_SECONDS, end_timestamp: now + 3600, granularity: 'hour', username: '' };
}

/** The data dashboard: consumption, requests and tokens over time, and the live RPM/TPM. */
export function DetailPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const display = useQuotaDisplay();
  const [filters, setFilters] = useState(initialFilters);
  const { data: rows = [] } = useQuotaData(filters, admin);
  const totals = usageTotals(rows);
  return (
    <div className="space-y-4">
      <DetailFiltersForm admin={admin} value={filters} onSearch={setFilters} />
      <p className="text-sm" data-testid="detail-totals">
        {t('detail.totals', { quota: formatQuota(totals.quota, display), requests: totals.requests, tokens: totals.tokens })}
      </p>
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
