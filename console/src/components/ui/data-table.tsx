import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { table } from './tokens';

/** A list's table: the column headers (after an unlabelled selection column with `selectable`), the rows, and the empty message. */
export function DataTable({ columns, empty, selectable = false, children }: { columns: readonly MessageKey[]; empty: boolean; selectable?: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            {selectable && <th className={table.cell} />}
            {columns.map((c) => <th key={c} className={table.cell}>{t(c)}</th>)}
          </tr>
        </thead>
        <tbody className={table.body}>{children}</tbody>
      </table>
      {empty && <p className="p-4 text-center text-sm text-slate-500">{t('log.noData')}</p>}
    </div>
  );
}
