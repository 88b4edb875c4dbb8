import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import type { LedgerAuditRun } from '../api';

/** The run's verdict as a tag: 无偏差 green, 有偏差 red, not settled orange. */
export function RunResult({ run }: { run: LedgerAuditRun }) {
  const t = useT();
  if (!run.settled) return <span className={tag.orange}>{t('audit.unsettled')}</span>;
  return <span data-testid="ledger-audit-result" data-clean={run.clean} className={run.clean ? tag.green : tag.red}>{t(run.clean ? 'audit.clean' : 'audit.drift')}</span>;
}

/** The stored runs' columns: when, the verdict, what it compared and what differed, and by whom. */
export function useLedgerRunColumns(): Column<LedgerAuditRun>[] {
  const t = useT();
  return [
    { id: 'ranAt', label: t('audit.ranAt'), required: true, cell: (run) => formatTime(Math.floor(run.ran_at / 1000)), sortValue: (run) => run.ran_at },
    { id: 'result', label: t('audit.result'), cell: (run) => <RunResult run={run} />, sortValue: (run) => (run.settled ? Number(run.clean) : -1) },
    { id: 'events', label: t('audit.events'), numeric: true, cell: (run) => run.events_folded, sortValue: (run) => run.events_folded },
    { id: 'accounts', label: t('audit.accounts'), cell: (run) => `${run.users_checked} / ${run.tokens_checked}`, sortValue: (run) => run.users_checked + run.tokens_checked },
    {
      id: 'drift', label: t('audit.driftCount'), sortValue: (run) => run.drift_count,
      cell: (run) => <>{run.drift_count}{run.drifts.map((d) => <div key={`${d.account}-${d.id}-${d.field}`} className="text-xs">{d.account} {d.id} {d.field}: {d.actual} ≠ {d.expected}</div>)}</>,
    },
    {
      id: 'mismatch', label: t('audit.mismatchCount'), sortValue: (run) => run.mismatch_count,
      cell: (run) => <>{run.mismatch_count}{run.consumption_mismatches.map((m) => <div key={`${m.userId}-${m.day}`} className="text-xs">#{m.userId} {m.day}: {m.logs} ≠ {m.ledger}</div>)}</>,
    },
    { id: 'by', label: t('audit.by'), cell: (run) => `${run.actor_name} (${run.address})`, sortValue: (run) => run.actor_name },
  ];
}
