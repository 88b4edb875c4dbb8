import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { type EmptyAction, EmptyState } from './empty-state';
import { SkeletonRows } from './skeleton';
import { table } from './tokens';

interface DataTableProps {
  columns: readonly MessageKey[];
  empty: boolean;
  /** The list has not arrived yet: skeleton rows in its place. */
  loading?: boolean;
  /** What an empty list offers to do next (create one, clear the filters). */
  emptyAction?: EmptyAction;
  emptyHint?: string;
  selectable?: boolean;
  children: ReactNode;
}

/** A list's table: the column headers (after an unlabelled selection column with `selectable`), the rows, skeletons while loading, and an empty state. */
export function DataTable({ columns, empty, loading = false, emptyAction, emptyHint, selectable = false, children }: DataTableProps) {
  const t = useT();
  return (
    <div className={table.wrap} tabIndex={0}>
      <table className={table.table}>
        <thead className={table.head}>
          <tr>
            {selectable && <td className={table.cell} />}
            {columns.map((c) => <th key={c} scope="col" className={table.cell}>{t(c)}</th>)}
          </tr>
        </thead>
        <tbody className={table.body}>{loading ? <SkeletonRows columns={columns.length + (selectable ? 1 : 0)} /> : children}</tbody>
      </table>
      {empty && !loading && <EmptyState title={t('log.noData')} hint={emptyHint} action={emptyAction} />}
    </div>
  );
}
