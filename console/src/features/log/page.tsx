import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { table } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { LOG_PAGE_SIZE, useLogs } from './hooks/use-logs';
import { LogFiltersForm } from './sections/log-filters-form';
import { LogRow } from './sections/log-row';
import { LogStatBadges } from './sections/log-stat-badges';
import { UserInfoDialog } from './sections/user-info-dialog';
import { isUnfiltered, logSearch } from './filters';
import { useLiveLogs } from './live/use-live-logs';
import { ExportButtons } from '../detail/sections/export-buttons';

const ADMIN_COLUMNS: MessageKey[] = ['log.channel', 'log.username'];
const COLUMNS: MessageKey[] = ['log.tokenName', 'log.type', 'log.modelName', 'log.useTime', 'log.prompt', 'log.completion', 'log.quota', 'log.detail'];

const DAY_SECONDS = 86_400;

/** The export needs both ends: an open filter exports the last 30 days up to now. */
function exportRange({ start_timestamp, end_timestamp }: { start_timestamp?: number; end_timestamp?: number }) {
  const end = end_timestamp ?? Math.floor(Date.now() / 1000);
  return { start_timestamp: start_timestamp ?? end - 30 * DAY_SECONDS, end_timestamp: end };
}

/** Usage logs: the user's own, or everyone's for admins; filters live in the URL. */
export function LogPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const { filters, page, setFilters, setPage } = logSearch.useFilters();
  const { data } = useLogs(filters, admin, page);
  const live = useLiveLogs(filters, admin, page);
  const [infoFor, setInfoFor] = useState<string | null>(null);
  const columns: MessageKey[] = ['log.time', ...(admin ? ADMIN_COLUMNS : []), ...COLUMNS];
  const lastPage = lastPageOf(data?.total, LOG_PAGE_SIZE);
  return (
    <div className="space-y-4">
      <LogStatBadges filters={filters} admin={admin} live={isUnfiltered(filters) ? live : null} />
      <LogFiltersForm key={JSON.stringify(filters)} admin={admin} value={filters} onSearch={setFilters} />
      {admin && <ExportButtons kind="log" range={exportRange(filters)} />}
      <div className={table.wrap} tabIndex={0}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>{columns.map((c) => <th key={c} scope="col" className={table.cell}>{t(c)}</th>)}</tr>
          </thead>
          <tbody className={table.body}>
            {data ? data.items.map((entry) => <LogRow key={entry.id} entry={entry} admin={admin} columns={columns.length} onUserInfo={setInfoFor} />) : <SkeletonRows columns={columns.length} />}
          </tbody>
        </table>
        {data?.items.length === 0 && <EmptyState title={t('log.noData')} hint={t('home.noUsageHint')} action={{ label: t('home.createToken'), to: '/token' }} />}
      </div>
      {admin && <UserInfoDialog username={infoFor} onClose={() => setInfoFor(null)} />}
      <div className="flex items-center gap-2 text-sm">
        <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('page.prev')}</Button>
        <span data-testid="log-page">{page} / {lastPage}</span>
        <Button variant="outline" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>{t('page.next')}</Button>
      </div>
    </div>
  );
}
