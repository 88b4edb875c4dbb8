import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { table, tag } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { formatQuota } from '../../lib/quota';
import { isAdmin, storedUser } from '../../lib/stored-user';
import { useQuotaDisplay } from '../status/use-status';
import { emptyFilters, type LogFilters } from './api';
import { LogFiltersForm } from './sections/log-filters-form';
import { LogRow } from './sections/log-row';
import { LOG_PAGE_SIZE, useLogStat, useLogs } from './use-logs';

const ADMIN_COLUMNS: MessageKey[] = ['log.channel', 'log.username'];
const COLUMNS: MessageKey[] = ['log.tokenName', 'log.type', 'log.modelName', 'log.useTime', 'log.prompt', 'log.completion', 'log.quota', 'log.detail'];

export function LogPage() {
  const t = useT();
  const admin = isAdmin(storedUser());
  const display = useQuotaDisplay();
  const [filters, setFilters] = useState<LogFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const { data } = useLogs(filters, admin, page);
  const { data: stat } = useLogStat(filters, admin);
  const columns: MessageKey[] = ['log.time', ...(admin ? ADMIN_COLUMNS : []), ...COLUMNS];
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / LOG_PAGE_SIZE));
  return (
    <div className="space-y-4">
      <div className="flex gap-2" data-testid="log-stat">
        <span className={`${tag.base} ${tag.blue}`}>{t('log.quota')}: {formatQuota(stat?.quota ?? 0, display)}</span>
        <span className={`${tag.base} ${tag.grey}`}>RPM: {stat?.rpm ?? 0}</span>
        <span className={`${tag.base} ${tag.grey}`}>TPM: {stat?.tpm ?? 0}</span>
      </div>
      <LogFiltersForm admin={admin} onSearch={(next) => { setFilters(next); setPage(1); }} />
      <div className={table.wrap}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>{columns.map((c) => <th key={c} className={table.cell}>{t(c)}</th>)}</tr>
          </thead>
          <tbody>
            {data?.items.map((entry) => <LogRow key={entry.id} entry={entry} admin={admin} columns={columns.length} />)}
          </tbody>
        </table>
        {data?.items.length === 0 && <p className="p-4 text-center text-sm text-slate-500">{t('log.noData')}</p>}
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('page.prev')}</Button>
        <span>{page} / {lastPage}</span>
        <Button variant="outline" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>{t('page.next')}</Button>
      </div>
    </div>
  );
}
