import { Columns3 } from 'lucide-react';
import { useRef } from 'react';
import { useT } from '../../i18n';

interface ChoosableColumn {
  id: string;
  label: string;
}

/**
 * The column chooser: a disclosure of checkboxes. Native `details`/`summary` and checkboxes, so
 * Enter or Space opens it and Tab walks it with nothing more; Escape closes it and gives the
 * focus back to its button.
 */
export function ColumnChooser({ tableId, columns, hidden, onToggle }: { tableId: string; columns: ChoosableColumn[]; hidden: string[]; onToggle(id: string): void }) {
  const t = useT();
  const details = useRef<HTMLDetailsElement>(null);
  const close = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !details.current?.open) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  };
  return (
    <details ref={details} className="relative" data-testid="column-chooser" onKeyDown={close}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800">
        <Columns3 aria-hidden="true" className="h-4 w-4" /> {t('table.columns')}
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 min-w-40 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <legend className="sr-only">{t('table.columns')}</legend>
        {columns.map((column) => (
          <label key={column.id} className="flex items-center gap-2 px-1 py-1 text-sm">
            <input type="checkbox" name={`${tableId}-column-${column.id}`} checked={!hidden.includes(column.id)} onChange={() => onToggle(column.id)} />
            {column.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
