import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import { card, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { isRoot, useStoredUser } from '../../../lib/stored-user';
import type { LedgerAuditSummary } from '@tollgate/wire';

/** A settled run's drift or mismatch other than 0 turns the card into an alert (an unsettled run's counts prove nothing: the ledger moved under it). */
const alertCard = 'min-w-0 rounded-lg border border-rose-300 bg-rose-50 p-4 shadow-sm dark:border-rose-800 dark:bg-rose-950/40';

function Verdict({ audit }: { audit: LedgerAuditSummary }) {
  const t = useT();
  if (!audit.settled) return <span className={`${tag.base} ${tag.orange}`}>{t('ops.ledgerAudit.unsettled')}</span>;
  return audit.clean ? <span className={`${tag.base} ${tag.green}`}>{t('ops.ledgerAudit.clean')}</span> : <span className={`${tag.base} ${tag.red}`}>{t('ops.ledgerAudit.drift')}</span>;
}

/** The latest run of the ledger's proof: when, clean or not, the drift and mismatch counts, and (for root, whose page it is) the way to its details. */
export function LedgerAuditCard({ audit }: { audit: LedgerAuditSummary | null | undefined }) {
  const t = useT();
  const root = isRoot(useStoredUser());
  const drifted = !!audit && audit.settled && (audit.driftCount > 0 || audit.mismatchCount > 0);
  return (
    <section className={drifted ? alertCard : card} data-testid="ops-ledger-audit" role={drifted ? 'alert' : undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-semibold">{t('ops.ledgerAudit')}</h2>
        {audit && <Verdict audit={audit} />}
        {audit && <span className="text-sm text-slate-500 dark:text-slate-400">{t('ops.ledgerAudit.ranAt', { time: format(audit.ranAt, 'yyyy-MM-dd HH:mm:ss') })}</span>}
        {root && (
          <Link to={audit?.link ?? '/audit/ledger'} className="ml-auto text-sm text-indigo-600 hover:underline dark:text-indigo-400">
            {t('ops.ledgerAudit.open')}
          </Link>
        )}
      </div>
      <p className="mt-2 text-sm" data-testid="ops-ledger-audit-counts">
        {audit ? t('ops.ledgerAudit.counts', { drift: audit.driftCount, mismatch: audit.mismatchCount }) : t('ops.ledgerAudit.none')}
      </p>
    </section>
  );
}
