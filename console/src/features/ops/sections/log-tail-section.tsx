import { format } from 'date-fns';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card, input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { matchesTail, TAIL_ROWS_PER_SECOND, type TailFilters, type TailRow, useLogTail } from '../live/use-log-tail';

const filterFields: { key: keyof TailFilters; label: MessageKey }[] = [
  { key: 'model', label: 'ops.filter.model' },
  { key: 'username', label: 'ops.filter.username' },
  { key: 'channel', label: 'ops.filter.channel' },
];

function useTailColumns(): Column<TailRow>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    { id: 'time', label: t('log.time'), required: true, cell: (row) => format(row.created_at * 1000, 'HH:mm:ss'), sortValue: (row) => row.created_at },
    { id: 'username', label: t('log.username'), cell: (row) => row.username, sortValue: (row) => row.username },
    { id: 'token', label: t('log.tokenName'), cell: (row) => row.token_name, sortValue: (row) => row.token_name },
    { id: 'model', label: t('log.modelName'), cell: (row) => row.model_name, sortValue: (row) => row.model_name },
    { id: 'channel', label: t('log.channel'), cell: (row) => `${row.channel ?? ''} ${row.channel_name ?? ''}`.trim(), sortValue: (row) => row.channel ?? 0 },
    { id: 'quota', label: t('log.quota'), numeric: true, cell: (row) => formatQuota(row.quota, display), sortValue: (row) => row.quota },
    { id: 'prompt', label: t('log.prompt'), numeric: true, cell: (row) => row.prompt_tokens, sortValue: (row) => row.prompt_tokens },
    { id: 'completion', label: t('log.completion'), numeric: true, cell: (row) => row.completion_tokens, sortValue: (row) => row.completion_tokens },
    { id: 'useTime', label: t('log.useTime'), numeric: true, cell: (row) => `${row.use_time} s`, sortValue: (row) => row.use_time },
  ];
}

/** Every log row as it is written, on any gateway, with filters and a pause. */
export function LogTailSection() {
  const t = useT();
  const columns = useTailColumns();
  const [paused, setPaused] = useState(false);
  const [filters, setFilters] = useState<TailFilters>({ model: '', username: '', channel: '' });
  const { rows, waiting, dropped } = useLogTail(paused);
  const shown = rows.filter((row) => matchesTail(row, filters));
  return (
    <section className={`${card} space-y-3`} data-testid="ops-log-tail">
      <div className="flex flex-wrap items-end gap-3">
        <h2 className="mr-auto font-semibold">{t('ops.logTail')}</h2>
        {filterFields.map(({ key, label }) => (
          <label key={key} className="w-36">
            <span className={input.label}>{t(label)}</span>
            <input className={input.base} name={`tail-${key}`} value={filters[key]} onChange={(e) => setFilters({ ...filters, [key]: e.target.value })} />
          </label>
        ))}
        <Button variant="outline" onClick={() => setPaused(!paused)} data-testid="ops-tail-pause">{t(paused ? 'ops.resume' : 'ops.pause')}</Button>
      </div>
      {dropped > 0 && <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="ops-tail-dropped">{t('ops.droppedCount', { count: dropped, perSecond: TAIL_ROWS_PER_SECOND })}</p>}
      {paused && <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="ops-tail-waiting">{t('ops.pausedCount', { count: waiting })}</p>}
      {/* Newest first unless the admin sorts by a header. */}
      <SortableTable id="ops-tail" columns={columns} rows={shown} rowKey={(row) => row.id} caption={t('ops.logTail')} empty={<EmptyState />} />
    </section>
  );
}
