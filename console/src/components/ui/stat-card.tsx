import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import { card } from './tokens';

interface StatCardProps {
  label: ReactNode;
  /** Undefined while loading: a skeleton shows in its place. */
  value: ReactNode | undefined;
  hint?: ReactNode;
  icon?: ReactNode;
  testId?: string;
  /** The raw number behind the shown value, for tests. */
  raw?: number | string | null;
}

/** One figure with its label, an icon and a line of context. */
export function StatCard({ label, value, hint, icon, testId, raw }: StatCardProps) {
  return (
    <div className={`${card} flex items-start gap-3`} data-testid={testId} data-value={raw ?? undefined}>
      {icon && <span aria-hidden="true" className="rounded-md bg-indigo-50 p-2 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">{icon}</span>}
      <div className="min-w-0 flex-1">
        <div className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</div>
        <div className="mt-1 truncate text-xl font-semibold">{value === undefined ? <Skeleton className="h-6 w-24" /> : value}</div>
        {hint && <div className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">{hint}</div>}
      </div>
    </div>
  );
}

const gridColumns = { 3: 'sm:grid-cols-3', 5: 'sm:grid-cols-2 xl:grid-cols-5' } as const;

/** Stat cards side by side: one column on a phone, `columns` on a wide screen. */
export function StatGrid({ columns, testId, children }: { columns: keyof typeof gridColumns; testId?: string; children: ReactNode }) {
  return <div data-testid={testId} className={`grid grid-cols-1 gap-3 ${gridColumns[columns]}`}>{children}</div>;
}
