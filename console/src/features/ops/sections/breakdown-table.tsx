import { DataTable } from '../../../components/ui/data-table';
import { card, table } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { errorsByStatus, latencyPair } from '../format';
import type { BreakdownRow } from '@tollgate/wire';

const columnsAfterKey: MessageKey[] = ['ops.col.calls', 'ops.col.errors', 'ops.col.latency', 'ops.col.firstToken', 'ops.col.tokens', 'ops.col.spend'];

/** Calls, errors by status, latency p50/p95 (whole answer and first token), tokens and spend per channel or per model. */
export function BreakdownTable({ title, keyColumn, rows, label, testId }: { title: MessageKey; keyColumn: MessageKey; rows: readonly BreakdownRow[]; label: (key: string) => string; testId: string }) {
  const t = useT();
  const display = useQuotaDisplay();
  return (
    <section className={card} data-testid={testId}>
      <h2 className="mb-2 font-semibold">{t(title)}</h2>
      <DataTable columns={[keyColumn, ...columnsAfterKey]} empty={rows.length === 0}>
        {rows.map((row) => (
          <tr key={row.key} className={table.row} data-testid={`${testId}-row`} data-key={row.key}>
            <td className={table.cell}>{label(row.key)}</td>
            <td className={table.cell} data-testid="calls">{row.calls}</td>
            <td className={table.cell} data-testid="errors">{errorsByStatus(row.errors)}</td>
            <td className={table.cell}>{latencyPair(row.p50Ms, row.p95Ms)}</td>
            <td className={table.cell}>{latencyPair(row.firstTokenP50Ms, row.firstTokenP95Ms)}</td>
            <td className={table.cell}>{row.tokens}</td>
            <td className={table.cell}>{formatQuota(row.quota, display)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
