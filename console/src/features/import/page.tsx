import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { JobProgress } from './job-progress';
import { useImportJob } from './use-import-job';

/** Root's import from a new-api/one-api database: the source, a dry run first if wished, then progress and the report. */
export function ImportPage() {
  const t = useT();
  const { job, start } = useImportJob();
  const [source, setSource] = useState('');
  const [logsSource, setLogsSource] = useState('');
  const [dryRun, setDryRun] = useState(true);
  const running = job?.status === 'running';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({ source: source.trim(), logsSource: logsSource.trim(), dryRun });
  };
  return (
    <div className="max-w-3xl space-y-4">
      <form onSubmit={submit} className={`${card} space-y-3`}>
        <h2 className="text-lg font-semibold">{t('import.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('import.intro')}</p>
        <Field id="import-source" label={t('import.source')} value={source} onChange={(event) => setSource(event.target.value)} placeholder="user:pass@tcp(127.0.0.1:3306)/new-api" autoComplete="off" spellCheck={false} />
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('import.sourceHint')}</p>
        <Field id="import-logs-source" label={t('import.logsSource')} value={logsSource} onChange={(event) => setLogsSource(event.target.value)} autoComplete="off" spellCheck={false} />
        <Switch checked={dryRun} onChange={setDryRun} label={t('import.dryRun')} />
        <Button type="submit" disabled={running || start.isPending || source.trim() === ''}>{t(dryRun ? 'import.startDry' : 'import.start')}</Button>
      </form>
      {job && job.status !== 'idle' && <JobProgress job={job} />}
    </div>
  );
}
