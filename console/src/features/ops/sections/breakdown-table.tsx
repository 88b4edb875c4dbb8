import { EmptyState } from '../../../components/ui/empty-state';
import { type Column, SortableTable } from '../../../components/ui/sortable-table';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { errorsByStatus, latencyPair } from '../format';
import type { BreakdownRow } from '@tollgate/wire';

const errorCount = (row: BreakdownRow) => Object.values(row.errors).reduce((sum, n) => sum + n, 0);

function useBreakdownColumns(keyColumn: MessageKey, label: (key: string) => string): Column<BreakdownRow>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    { id: 'key', label: t(keyColumn), required: true, cell: (row) => label(row.key), sortValue: (row) => label(row.key) },
    { id: 'calls', label: t('ops.col.calls'), numeric: true, cell: (row) => <span data-testid="calls">{row.calls}</span>, sortValue: (row) => row.calls },
    { id: 'errors', label: t('ops.col.errors'), cell: (row) => <span data-testid="errors">{errorsByStatus(row.errors)}</span>, sortValue: errorCount },
    { id: 'latency', label: t('ops.col.latency'), cell: (row) => latencyPair(row.p50Ms, row.p95Ms), sortValue: (row) => row.p95Ms ?? -1 },
    { id: 'firstToken', label: t('ops.col.firstToken'), cell: (row) => latencyPair(row.firstTokenP50Ms, row.firstTokenP95Ms), sortValue: (row) => row.firstTokenP95Ms ?? -1 },
    { id: 'tokens', label: t('ops.col.tokens'), numeric: true, cell: (row) => row.tokens, sortValue: (row) => row.tokens },
    { id: 'spend', label: t('ops.col.spend'), numeric: true, cell: (row) => formatQuota(row.quota, display), sortValue: (row) => row.quota },
  ];
}

/** Calls, errors by status, latency p50/p95 (whole answer and first token), tokens and spend per channel or per model. */
export function BreakdownTable({ title, keyColumn, rows, label, testId }: { title: MessageKey; keyColumn: MessageKey; rows: readonly BreakdownRow[]; label: (key: string) => string; testId: string }) {
  const t = useT();
  const columns = useBreakdownColumns(keyColumn, label);
  return (
    <section className={card} data-testid={testId}>
      <h2 className="mb-2 font-semibold">{t(title)}</h2>
      <SortableTable id={testId} columns={columns} rows={rows} rowKey={(row) => row.key} caption={t(title)} rowProps={(row) => ({ 'data-key': row.key })} empty={<EmptyState title={t('ops.noCalls')} />} />
    </section>
  );
}
