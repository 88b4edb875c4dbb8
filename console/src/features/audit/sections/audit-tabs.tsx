import { NavLink } from 'react-router-dom';
import { useT } from '../../../i18n';

const link = ({ isActive }: { isActive: boolean }) => `rounded px-3 py-1 text-sm ${isActive ? 'bg-slate-200 font-medium dark:bg-slate-700' : 'text-slate-600 dark:text-slate-300'}`;

/** The two audit pages, side by side. */
export function AuditTabs() {
  const t = useT();
  return (
    <nav className="flex gap-2">
      <NavLink end to="/audit" className={link}>{t('audit.trail')}</NavLink>
      <NavLink to="/audit/ledger" className={link}>{t('audit.ledger')}</NavLink>
    </nav>
  );
}
