import { NavLink } from 'react-router-dom';
import { chatLinkNames } from '../../features/chat/chat-links';
import { useStatus } from '../../features/status/hooks/use-status';
import { useT } from '../../i18n';
import { isAdmin, isRoot, useStoredUser } from '../../lib/stored-user';
import { visibleNavItems } from './nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;

/** The chat entry's sub-items: one per configured chat link, each opening /chat/{id} with the user's key filled in. */
function ChatEntries({ names }: { names: string[] }) {
  return (
    <div className="ml-3 border-l border-slate-200 pl-2 dark:border-slate-800">
      {names.map((name, id) => (
        <NavLink key={`${id}-${name}`} to={`/chat/${id}`} end className={linkClass} data-testid={`nav-chat-${id}`}>
          {name}
        </NavLink>
      ))}
    </div>
  );
}

/** The spec's entries, filtered by role and by the status flags; `className` says whether it shows (use-sidebar). */
export function Sidebar({ className }: { className: string }) {
  const t = useT();
  const { data: status } = useStatus();
  const user = useStoredUser();
  const items = visibleNavItems(isAdmin(user), status, isRoot(user));
  const chatNames = chatLinkNames(status);
  return (
    <nav aria-label="sidebar" data-testid="sidebar" className={`${className} w-48 shrink-0 border-r border-slate-200 p-3 dark:border-slate-800`}>
      {items.map((item) => (
        <div key={item.to}>
          <NavLink to={item.to} end={item.to === '/chat'} className={linkClass} data-testid={`nav-${item.to.slice(1)}`}>
            {t(item.label)}
          </NavLink>
          {item.to === '/chat' && chatNames.length > 0 && <ChatEntries names={chatNames} />}
        </div>
      ))}
    </nav>
  );
}
