import { table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import type { LedgerAuditRun } from '../api';

/** The run's verdict as a tag: 无偏差 green, 有偏差 red, not settled orange. */
export function RunResult({ run }: { run: LedgerAuditRun }) {
  const t = useT();
  if (!run.settled) return <span className={tag.orange}>{t('audit.unsettled')}</span>;
  return <span data-testid="ledger-audit-result" data-clean={run.clean} className={run.clean ? tag.green : tag.red}>{t(run.clean ? 'audit.clean' : 'audit.drift')}</span>;
}

/** One stored run: when, by whom, what it compared and what differed. */
export function LedgerRunRow({ run }: { run: LedgerAuditRun }) {
  return (
    <tr data-testid="ledger-audit-row" className="align-top">
      <td className={table.cell}>{formatTime(Math.floor(run.ran_at / 1000))}</td>
      <td className={table.cell}><RunResult run={run} /></td>
      <td className={table.cell}>{run.events_folded}</td>
      <td className={table.cell}>{run.users_checked} / {run.tokens_checked}</td>
      <td className={table.cell}>
        {run.drift_count}
        {run.drifts.map((d) => <div key={`${d.account}-${d.id}-${d.field}`} className="text-xs">{d.account} {d.id} {d.field}: {d.actual} ≠ {d.expected}</div>)}
      </td>
      <td className={table.cell}>
        {run.mismatch_count}
        {run.consumption_mismatches.map((m) => <div key={`${m.userId}-${m.day}`} className="text-xs">#{m.userId} {m.day}: {m.logs} ≠ {m.ledger}</div>)}
      </td>
      <td className={table.cell}>{run.actor_name} ({run.address})</td>
    </tr>
  );
}
