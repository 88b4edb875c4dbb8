import { lastPageOf } from '../../api/page';
import { DataTable } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { useToast } from '../../components/ui/toast';
import type { MessageKey } from '../../i18n/zh';
import { AUDIT_PAGE_SIZE, downloadAuditExport } from './api';
import { useAuditEvents } from './hooks/use-audit';
import { auditSearch } from './filters';
import { AuditFiltersForm } from './sections/audit-filters-form';
import { AuditRow } from './sections/audit-row';
import { AuditTabs } from './sections/audit-tabs';

const COLUMNS: MessageKey[] = ['audit.time', 'audit.type', 'audit.actor', 'audit.address', 'audit.target', 'audit.change'];

/** Root's audit trail: every admin and root write, filtered by actor, action, target and time, exported as CSV. */
export function AuditPage() {
  const notify = useToast();
  const { filters, page, setFilters, setPage } = auditSearch.useFilters();
  const { data } = useAuditEvents(filters, page);
  const items = data?.items ?? [];
  const exportCsv = () => void downloadAuditExport(filters).catch((error: unknown) => notify(String(error), 'error'));
  return (
    <div className="space-y-4">
      <AuditTabs />
      <AuditFiltersForm key={JSON.stringify(filters)} value={filters} onSearch={setFilters} onExport={exportCsv} />
      <DataTable columns={COLUMNS} empty={items.length === 0}>
        {items.map((event) => <AuditRow key={event.id} event={event} />)}
      </DataTable>
      <Pager page={page} lastPage={lastPageOf(data?.total, AUDIT_PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
