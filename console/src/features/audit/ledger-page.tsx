import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { formatTime } from '../../lib/datetime';
import { AUDIT_PAGE_SIZE } from './api';
import { useLedgerAudits, useRunLedgerAudit } from './hooks/use-audit';
import { AuditTabs } from './sections/audit-tabs';
import { LedgerRunRow, RunResult } from './sections/ledger-run-row';

const COLUMNS: MessageKey[] = ['audit.ranAt', 'audit.result', 'audit.events', 'audit.accounts', 'audit.driftCount', 'audit.mismatchCount', 'audit.by'];

/** Root's ledger audit: run it now, and every stored run (scheduled, command line, this page), newest first. */
export function LedgerAuditPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data } = useLedgerAudits(page);
  const run = useRunLedgerAudit();
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
      <DataTable columns={COLUMNS} empty={(data?.items.length ?? 0) === 0}>
        {data?.items.map((item) => <LedgerRunRow key={item.id} run={item} />)}
      </DataTable>
      <Pager page={page} lastPage={lastPageOf(data?.total, AUDIT_PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
