import { DataTable } from '../../../components/ui/data-table';
import { card, table } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { RankedSpender } from '@tollgate/wire';

/** The users or tokens that spent most in the last minute, on every gateway. */
export function SpendersTable({ title, rows, testId }: { title: MessageKey; rows: readonly RankedSpender[]; testId: string }) {
  const t = useT();
  const display = useQuotaDisplay();
  return (
    <section className={card} data-testid={testId}>
      <h2 className="mb-2 font-semibold">{t(title)}</h2>
      <DataTable columns={['ops.col.name', 'ops.col.spend', 'ops.col.calls']} empty={rows.length === 0}>
        {rows.map((row) => (
          <tr key={row.id} className={table.row} data-testid={`${testId}-row`}>
            <td className={table.cell}>{row.name}</td>
            <td className={table.cell}>{formatQuota(row.quota, display)}</td>
            <td className={table.cell}>{row.calls}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
