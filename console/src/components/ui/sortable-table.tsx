import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { useTablePrefs } from '../../lib/use-table-prefs';
import { ColumnChooser } from './column-chooser';
import { SkeletonRows } from './skeleton';
import { table } from './tokens';

/** One column: its header, how a row shows in it, and (to sort by it) the value it sorts by. */
export interface Column<T> {
  id: string;
  label: string;
  cell(row: T): ReactNode;
  sortValue?(row: T): string | number;
  /** Cannot be hidden: the column that names the row, a selection's checkboxes, a row's actions. */
  required?: boolean;
  /** The header says its label to screen readers only (a column of checkboxes). */
  labelHidden?: boolean;
  numeric?: boolean;
}

/** What a row's `tr` carries besides its cells: test ids, a dimmed class, a click. */
export type RowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

function sortRows<T>(rows: readonly T[], column: Column<T> | undefined, descending: boolean): T[] {
  const value = column?.sortValue;
  if (!value) return [...rows];
  return [...rows].sort((a, b) => (descending ? -1 : 1) * compare(value(a), value(b)));
}

type Sort = { column: string; descending: boolean } | null;

function SortHeader<T>({ column, sort, onSort }: { column: Column<T>; sort: Sort; onSort(): void }) {
  const t = useT();
  const active = sort?.column === column.id;
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  const ariaSort = !active ? 'none' : sort.descending ? 'descending' : 'ascending';
  const label = column.labelHidden ? <span className="sr-only">{column.label}</span> : column.label;
  return (
    <th scope="col" aria-sort={column.sortValue ? ariaSort : undefined} className={`${table.cell} ${column.numeric ? 'text-right' : ''}`}>
      {column.sortValue ? (
        <button type="button" onClick={onSort} className="inline-flex items-center gap-1 uppercase" title={t('table.sortBy', { column: column.label })}>
          {label}
          <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${active ? 'text-indigo-600 dark:text-indigo-400' : 'opacity-50'}`} />
        </button>
      ) : (
        label
      )}
    </th>
  );
}

interface SortableTableProps<T> {
  /** Names the remembered view (with the signed-in user); rows carry the test id `${id}-row`. */
  id: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey(row: T): string | number;
  /** Shown instead of the rows when there are none (an EmptyState with the next action). */
  empty: ReactNode;
  caption?: string;
  rowProps?(row: T): RowProps;
  /** A line under the row, across every column (a log row's detail), or null for none. */
  detail?(row: T): ReactNode;
}

/**
 * A table the user sorts by a header and whose columns they choose; both kept per user. Skeleton
 * rows while `rows` is undefined. It sorts the rows it is given: for a server-paged list that is
 * the page shown (new-api's list APIs take no sort, bar the channels' id order, which the channel
 * page offers as its own switch).
 */
export function SortableTable<T>({ id, columns, rows, rowKey, empty, caption, rowProps, detail }: SortableTableProps<T>) {
  const { prefs, toggleColumn, sortBy } = useTablePrefs(id);
  const shown = columns.filter((column) => column.required || !prefs.hidden.includes(column.id));
  const sortColumn = columns.find((column) => column.id === prefs.sort?.column);
  const sorted = rows && sortRows(rows, sortColumn, prefs.sort?.descending ?? false);
  const choosable = columns.filter((column) => !column.required);
  return (
    <div data-testid={`table-${id}`}>
      {choosable.length > 0 && (
        <div className="mb-1 flex items-center justify-end">
          <ColumnChooser tableId={id} columns={choosable} hidden={prefs.hidden} onToggle={toggleColumn} />
        </div>
      )}
      <div className={table.wrap} tabIndex={0}>
        <table className={table.table}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className={table.head}>
            <tr>{shown.map((column) => <SortHeader key={column.id} column={column} sort={prefs.sort} onSort={() => sortBy(column.id)} />)}</tr>
          </thead>
          <tbody className={table.body}>
            {sorted ? sorted.map((row) => {
              const props = rowProps?.(row);
              const more = detail?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <tr data-testid={`${id}-row`} {...props} className={`${table.row} ${props?.className ?? ''}`}>
                    {shown.map((column) => <td key={column.id} className={`${table.cell} ${column.numeric ? 'text-right tabular-nums' : ''}`}>{column.cell(row)}</td>)}
                  </tr>
                  {more && (
                    <tr data-testid={`${id}-detail`}>
                      <td colSpan={shown.length} className="bg-slate-50 px-3 py-2 text-xs dark:bg-slate-900">{more}</td>
                    </tr>
                  )}
                </Fragment>
              );
            }) : <SkeletonRows columns={shown.length} />}
          </tbody>
        </table>
        {sorted?.length === 0 && empty}
      </div>
    </div>
  );
}
