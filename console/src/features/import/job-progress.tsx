import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { formatTime } from '../../lib/datetime';
import type { ImportJob } from '@tollgate/wire';

const STATUS: Record<ImportJob['status'], MessageKey> = {
  idle: 'import.status.idle',
  running: 'import.status.running',
  finished: 'import.status.finished',
  failed: 'import.status.failed',
};

function TableBar({ table, done, total }: ImportJob['tables'][number]) {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return (
    <li className="space-y-1" data-testid="import-table">
      <div className="flex justify-between text-sm">
        <span className="font-mono">{table}</span>
        <span>{done.toLocaleString()} / {total.toLocaleString()}</span>
      </div>
      <div role="progressbar" aria-label={table} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 rounded-full bg-slate-200 dark:bg-slate-800">
        <div className="h-2 rounded-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/** The import's state: what it reads, per-table progress bars, then the report or the failure. */
export function JobProgress({ job }: { job: ImportJob }) {
  const t = useT();
  return (
    <section className={`${card} space-y-3`} aria-label={t('import.progress')}>
      <div className="flex flex-wrap gap-x-4 text-sm">
        <strong data-testid="import-status">{t(STATUS[job.status])}</strong>
        <span className="font-mono">{job.source}</span>
        {job.logs_source && <span className="font-mono">{t('import.logsFrom', { source: job.logs_source })}</span>}
        {job.dry_run && <span>{t('import.dryRun')}</span>}
        {job.started_at > 0 && <span>{t('import.startedAt', { time: formatTime(job.started_at) })}</span>}
      </div>
      <ul className="space-y-2">
        {job.tables.map((table) => <TableBar key={table.table} {...table} />)}
      </ul>
      {job.error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{job.error}</p>}
      {job.report && (
        <div>
          <h3 className="mb-1 text-sm font-semibold">{t('import.report')}</h3>
          <pre data-testid="import-report" className="overflow-x-auto rounded bg-slate-50 p-3 text-xs dark:bg-slate-950">{job.report}</pre>
        </div>
      )}
    </section>
  );
}
