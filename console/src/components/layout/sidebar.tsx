import { NavLink } from 'react-router-dom';
import { chatLinkNames } from '../../features/chat/chat-links';
import { useStatus } from '../../features/status/hooks/use-status';
import { useT } from '../../i18n';
import { isAdmin, isRoot, useStoredUser } from '../../lib/stored-user';
import { groupedNavItems, type NavItem, visibleNavItems } from './nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;

/** The chat entry's sub-items: one per configured chat link, each opening /chat/{id} with the user's key filled in. */
function ChatEntries({ names }: { names: string[] }) {
  return (
    <div className="ml-5 border-l border-slate-200 pl-2 dark:border-slate-800">
      {names.map((name, id) => (
        <NavLink key={`${id}-${name}`} to={`/chat/${id}`} end className={linkClass} data-testid={`nav-chat-${id}`}>
          {name}
        </NavLink>
      ))}
    </div>
  );
}

function Entry({ item, chatNames }: { item: NavItem; chatNames: string[] }) {
  const t = useT();
  const Icon = item.icon;
  return (
    <li>
      <NavLink to={item.to} end={item.to === '/chat'} className={linkClass} data-testid={`nav-${item.to.slice(1)}`}>
        <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t(item.label)}
      </NavLink>
      {item.to === '/chat' && chatNames.length > 0 && <ChatEntries names={chatNames} />}
    </li>
  );
}

/** The spec's entries in its groups, filtered by role and by the status flags; `className` says whether it shows (use-sidebar). */
export function Sidebar({ className, id }: { className: string; id?: string }) {
  const t = useT();
  const { data: status } = useStatus();
  const user = useStoredUser();
  const groups = groupedNavItems(visibleNavItems(isAdmin(user), status, isRoot(user)));
  const chatNames = chatLinkNames(status);
  return (
    <nav id={id} aria-label={t('nav.sidebar')} data-testid="sidebar" className={`${className} w-56 shrink-0 border-r border-slate-200 p-3 dark:border-slate-800`}>
      {groups.map(({ group, items }) => (
        <section key={group} aria-labelledby={`nav-group-${group}`} className="mb-4" data-testid={`nav-group-${group}`}>
          <h2 id={`nav-group-${group}`} className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t(`navGroup.${group}`)}</h2>
          <ul className="space-y-0.5">
            {items.map((item) => <Entry key={item.to} item={item} chatNames={chatNames} />)}
          </ul>
        </section>
      ))}
    </nav>
  );
}
