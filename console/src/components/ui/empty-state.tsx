import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { button } from './tokens';

/** The next thing to do from an empty list: a link to a page, or a button. */
export type EmptyAction = { label: string; to: string } | { label: string; onClick(): void };

/** An empty list or chart: what is missing, why, and the action that fills it. */
export function EmptyState({ title, hint, action, icon = <Inbox aria-hidden="true" className="h-8 w-8" /> }: { title?: string; hint?: string; action?: EmptyAction; icon?: ReactNode }) {
  const t = useT();
  const actionClass = `${button.base} ${button.variant.primary} mt-3`;
  return (
    <div data-testid="empty-state" className="flex flex-col items-center p-8 text-center text-sm text-slate-500 dark:text-slate-400">
      <span className="text-slate-400 dark:text-slate-500">{icon}</span>
      <p className="mt-2 font-medium text-slate-700 dark:text-slate-200">{title ?? t('empty.title')}</p>
      {hint && <p className="mt-1 max-w-sm">{hint}</p>}
      {action && 'to' in action && <Link to={action.to} className={actionClass}>{action.label}</Link>}
      {action && 'onClick' in action && <button type="button" onClick={action.onClick} className={actionClass}>{action.label}</button>}
    </div>
  );
}
