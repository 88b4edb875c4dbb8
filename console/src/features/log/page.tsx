import { EmptyState } from '../../components/ui/empty-state';
import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { SortableTable } from '../../components/ui/sortable-table';
import { useT } from '../../i18n';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { LOG_PAGE_SIZE, useLogs } from './hooks/use-logs';
import { LogFiltersForm } from './sections/log-filters-form';
import { LogDetail, useLogColumns } from './sections/log-columns';
import { LogStatBadges } from './sections/log-stat-badges';
import { UserInfoDialog } from './sections/user-info-dialog';
import { isUnfiltered, logSearch } from './filters';
import type { LogEntry } from './api';
import { useLiveLogs } from './live/use-live-logs';
import { ExportButtons } from '../detail/sections/export-buttons';

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
  const [open, setOpen] = useState<ReadonlySet<LogEntry['id']>>(new Set());
  const toggle = (id: LogEntry['id']) => setOpen((now) => (now.has(id) ? new Set([...now].filter((x) => x !== id)) : new Set([...now, id])));
  const columns = useLogColumns({ admin, isOpen: (entry) => open.has(entry.id), onUserInfo: setInfoFor });
  const lastPage = lastPageOf(data?.total, LOG_PAGE_SIZE);
  return (
    <div className="space-y-4">
      <LogStatBadges filters={filters} admin={admin} live={isUnfiltered(filters) ? live : null} />
      <LogFiltersForm key={JSON.stringify(filters)} admin={admin} value={filters} onSearch={setFilters} />
      {admin && <ExportButtons kind="log" range={exportRange(filters)} />}
      {/* Server-paged (new-api's log list takes no sort): a header sorts the page shown. */}
      <SortableTable id="log" columns={columns} rows={data?.items} rowKey={(entry) => entry.id} caption={t('nav.log')}
        rowProps={(entry) => ({ className: 'cursor-pointer', onClick: () => toggle(entry.id) })}
        detail={(entry) => (open.has(entry.id) ? <LogDetail entry={entry} /> : null)}
        empty={<EmptyState title={t('log.noData')} hint={t('home.noUsageHint')} action={{ label: t('home.createToken'), to: '/token' }} />} />
      {admin && <UserInfoDialog username={infoFor} onClose={() => setInfoFor(null)} />}
      <div className="flex items-center gap-2 text-sm">
        <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('page.prev')}</Button>
        <span data-testid="log-page">{page} / {lastPage}</span>
        <Button variant="outline" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>{t('page.next')}</Button>
      </div>
    </div>
  );
}
