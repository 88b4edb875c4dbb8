import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { useTablePrefs } from '../../lib/use-table-prefs';
import { SkeletonRows } from './skeleton';
import { table } from './tokens';

/** One column: its header, how a row shows in it, and (to sort by it) the value it sorts by. */
export interface Column<T> {
  id: string;
  label: string;
  cell(row: T): ReactNode;
  sortValue?(row: T): string | number;
  /** The first column names the row: it cannot be hidden. */
  required?: boolean;
  numeric?: boolean;
}

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

function sortRows<T>(rows: readonly T[], column: Column<T> | undefined, descending: boolean): T[] {
  const value = column?.sortValue;
  if (!value) return [...rows];
  return [...rows].sort((a, b) => (descending ? -1 : 1) * compare(value(a), value(b)));
}

/** The column chooser: a disclosure of checkboxes (native, so keyboard and screen readers need nothing more). */
function ColumnChooser<T>({ columns, hidden, onToggle }: { columns: Column<T>[]; hidden: string[]; onToggle(id: string): void }) {
  const t = useT();
  return (
    <details className="relative" data-testid="column-chooser">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
        <Columns3 aria-hidden="true" className="h-4 w-4" /> {t('table.columns')}
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 min-w-40 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <legend className="sr-only">{t('table.columns')}</legend>
        {columns.filter((column) => !column.required).map((column) => (
          <label key={column.id} className="flex items-center gap-2 px-1 py-1 text-sm">
            <input type="checkbox" checked={!hidden.includes(column.id)} onChange={() => onToggle(column.id)} />
            {column.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

function SortHeader<T>({ column, sort, onSort }: { column: Column<T>; sort: { column: string; descending: boolean } | null; onSort(): void }) {
  const t = useT();
  const active = sort?.column === column.id;
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  const ariaSort = !active ? 'none' : sort.descending ? 'descending' : 'ascending';
  return (
    <th scope="col" aria-sort={column.sortValue ? ariaSort : undefined} className={`${table.cell} ${column.numeric ? 'text-right' : ''}`}>
      {column.sortValue ? (
        <button type="button" onClick={onSort} className="inline-flex items-center gap-1 uppercase" title={t('table.sortBy', { column: column.label })}>
          {column.label}
          <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${active ? 'text-indigo-600 dark:text-indigo-400' : 'opacity-50'}`} />
        </button>
      ) : (
        column.label
      )}
    </th>
  );
}

interface SortableTableProps<T> {
  /** Names the remembered view (with the signed-in user). */
  id: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  /** Shown instead of the rows when there are none (an EmptyState with the next action). */
  empty: ReactNode;
  caption?: string;
}

/** A table the user sorts by a header and whose columns they choose; both kept per user. Skeleton rows while `rows` is undefined. */
export function SortableTable<T>({ id, columns, rows, rowKey, empty, caption }: SortableTableProps<T>) {
  const { prefs, toggleColumn, sortBy } = useTablePrefs(id);
  const shown = columns.filter((column) => column.required || !prefs.hidden.includes(column.id));
  const sortColumn = columns.find((column) => column.id === prefs.sort?.column);
  const sorted = rows && sortRows(rows, sortColumn, prefs.sort?.descending ?? false);
  return (
    <div data-testid={`table-${id}`}>
      <div className="mb-1 flex items-center justify-end">
        <ColumnChooser columns={columns} hidden={prefs.hidden} onToggle={toggleColumn} />
      </div>
      <div className={table.wrap} tabIndex={0}>
        <table className={table.table}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className={table.head}>
            <tr>{shown.map((column) => <SortHeader key={column.id} column={column} sort={prefs.sort} onSort={() => sortBy(column.id)} />)}</tr>
          </thead>
          <tbody className={table.body}>
            {sorted ? sorted.map((row) => (
              <tr key={rowKey(row)} className={table.row} data-testid={`${id}-row`}>
                {shown.map((column) => <td key={column.id} className={`${table.cell} ${column.numeric ? 'text-right tabular-nums' : ''}`}>{column.cell(row)}</td>)}
              </tr>
            )) : <SkeletonRows columns={shown.length} />}
          </tbody>
        </table>
        {sorted?.length === 0 && empty}
      </div>
    </div>
  );
}
