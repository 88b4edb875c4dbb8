import { format } from 'date-fns';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { card, input, table } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { matchesTail, type TailFilters, useLogTail } from '../live/use-log-tail';

const filterFields: { key: keyof TailFilters; label: MessageKey }[] = [
  { key: 'model', label: 'ops.filter.model' },
  { key: 'username', label: 'ops.filter.username' },
  { key: 'channel', label: 'ops.filter.channel' },
];

/** Every log row as it is written, on any gateway, with filters and a pause. */
export function LogTailSection() {
  const t = useT();
  const display = useQuotaDisplay();
  const [paused, setPaused] = useState(false);
  const [filters, setFilters] = useState<TailFilters>({ model: '', username: '', channel: '' });
  const { rows, waiting } = useLogTail(paused);
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
      {paused && <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="ops-tail-waiting">{t('ops.pausedCount', { count: waiting })}</p>}
      <DataTable columns={['log.time', 'log.username', 'log.tokenName', 'log.modelName', 'log.channel', 'log.quota', 'log.prompt', 'log.completion', 'log.useTime']} empty={shown.length === 0}>
        {shown.map((row) => (
          <tr key={row.id} className={table.row} data-testid="ops-tail-row">
            <td className={table.cell}>{format(row.created_at * 1000, 'HH:mm:ss')}</td>
            <td className={table.cell}>{row.username}</td>
            <td className={table.cell}>{row.token_name}</td>
            <td className={table.cell}>{row.model_name}</td>
            <td className={table.cell}>{row.channel ?? ''}</td>
            <td className={table.cell}>{formatQuota(row.quota, display)}</td>
            <td className={table.cell}>{row.prompt_tokens}</td>
            <td className={table.cell}>{row.completion_tokens}</td>
            <td className={table.cell}>{row.use_time} s</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
