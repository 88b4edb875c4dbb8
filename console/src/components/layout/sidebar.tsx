import { NavLink } from 'react-router-dom';
import { useT } from '../../i18n';
import { isAdmin, storedUser } from '../../lib/stored-user';
import { useStatus } from '../../features/status/use-status';
import { visibleNavItems } from './nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;

export function Sidebar({ open }: { open: boolean }) {
  const t = useT();
  const { data: status } = useStatus();
  const items = visibleNavItems(isAdmin(storedUser()), status);
  return (
    <nav aria-label="sidebar" className={`${open ? 'block' : 'hidden'} w-48 shrink-0 border-r border-slate-200 p-3 md:block dark:border-slate-800`}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className={linkClass}>
          {t(item.label)}
        </NavLink>
      ))}
    </nav>
  );
}
