import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { SortableTable } from '../../components/ui/sortable-table';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { formatTime } from '../../lib/datetime';
import { AUDIT_PAGE_SIZE } from './api';
import { useLedgerAudits, useRunLedgerAudit } from './hooks/use-audit';
import { AuditTabs } from './sections/audit-tabs';
import { RunResult, useLedgerRunColumns } from './sections/ledger-run-columns';

/** Root's ledger audit: run it now, and every stored run (scheduled, command line, this page), newest first. */
export function LedgerAuditPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data } = useLedgerAudits(page);
  const run = useRunLedgerAudit();
  const columns = useLedgerRunColumns();
  const latest = data?.latest ?? null;
  return (
    <div className="space-y-4">
      <AuditTabs />
      <div className={`${card} space-y-2`}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('audit.intro')}</p>
        <div className="flex items-center gap-3 text-sm" data-testid="ledger-audit-latest">
          <span>{t('audit.latest')}:</span>
          {latest ? <><span>{formatTime(Math.floor(latest.ran_at / 1000))}</span><RunResult run={latest} /></> : <span>{t('audit.none')}</span>}
        </div>
        <Button disabled={run.isPending} onClick={() => run.mutate()}>{t(run.isPending ? 'audit.running' : 'audit.runNow')}</Button>
      </div>
      {/* Server-paged, newest first: a header sorts the page shown. */}
      <SortableTable id="ledger-audit" columns={columns} rows={data?.items} rowKey={(item) => item.id} caption={t('audit.ledger')} rowProps={() => ({ className: 'align-top' })}
        empty={<EmptyState action={{ label: t('audit.runNow'), onClick: () => run.mutate() }} />} />
      <Pager page={page} lastPage={lastPageOf(data?.total, AUDIT_PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
