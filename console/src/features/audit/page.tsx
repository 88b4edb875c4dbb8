import { lastPageOf } from '../../api/page';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { SortableTable } from '../../components/ui/sortable-table';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { AUDIT_PAGE_SIZE, downloadAuditExport } from './api';
import { useAuditEvents } from './hooks/use-audit';
import { auditSearch } from './filters';
import { AuditFiltersForm } from './sections/audit-filters-form';
import { useAuditColumns } from './sections/audit-columns';
import { AuditTabs } from './sections/audit-tabs';

/** Root's audit trail: every admin and root write, filtered by actor, action, target and time, exported as CSV. */
export function AuditPage() {
  const t = useT();
  const notify = useToast();
  const columns = useAuditColumns();
  const { filters, page, setFilters, setPage } = auditSearch.useFilters();
  const { data } = useAuditEvents(filters, page);
  const exportCsv = () => void downloadAuditExport(filters).catch((error: unknown) => notify(String(error), 'error'));
  return (
    <div className="space-y-4">
      <AuditTabs />
      <AuditFiltersForm key={JSON.stringify(filters)} value={filters} onSearch={setFilters} onExport={exportCsv} />
      {/* Server-paged (the audit API sorts by time only): a header sorts the page shown. */}
      <SortableTable id="audit" columns={columns} rows={data?.items} rowKey={(event) => event.id} caption={t('nav.audit')} rowProps={() => ({ className: 'align-top' })} empty={<EmptyState />} />
      <Pager page={page} lastPage={lastPageOf(data?.total, AUDIT_PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
