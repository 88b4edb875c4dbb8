import { EmptyState } from '../../../components/ui/empty-state';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { RankedSpender } from '@tollgate/wire';

/** The users or tokens that spent most in the last minute, on every gateway. */
export function SpendersTable({ title, rows, testId }: { title: MessageKey; rows: readonly RankedSpender[]; testId: string }) {
  const t = useT();
  const display = useQuotaDisplay();
  const columns: Column<RankedSpender>[] = [
    { id: 'name', label: t('ops.col.name'), required: true, cell: (row) => row.name, sortValue: (row) => row.name },
    { id: 'spend', label: t('ops.col.spend'), numeric: true, cell: (row) => formatQuota(row.quota, display), sortValue: (row) => row.quota },
    { id: 'calls', label: t('ops.col.calls'), numeric: true, cell: (row) => row.calls, sortValue: (row) => row.calls },
  ];
  return (
    <section className={card} data-testid={testId}>
      <h2 className="mb-2 font-semibold">{t(title)}</h2>
      <SortableTable id={testId} columns={columns} rows={rows} rowKey={(row) => row.id} caption={t(title)} empty={<EmptyState title={t('ops.noCalls')} />} />
    </section>
  );
}
