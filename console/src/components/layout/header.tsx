import { Languages, Menu, Moon, Sun } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { lazyExport } from '../../lib/lazy';
import { useStoredUser } from '../../lib/stored-user';
import { useStatus } from '../../features/status/hooks/use-status';
import { Button } from '../ui/button';
import { DEFAULT_LOGO, DEFAULT_SYSTEM_NAME } from './use-branding';
import { useTheme } from './use-theme';

// The menu needs Headless UI (with its positioning libraries); a visitor on /login has no menu, so it is fetched only once signed in.
const UserMenu = lazyExport(() => import('./user-menu'), (m) => m.UserMenu);

/** System name and logo from /api/status, the docs link (general_setting.docs_link), language and theme toggles, the user menu. */
export function Header({ onToggleSidebar, sidebarOpen, sidebarId }: { onToggleSidebar(): void; sidebarOpen: boolean; sidebarId: string }) {
  const { t, lang, setLang } = useI18n();
  const { data: status } = useStatus();
  const { theme, toggleTheme } = useTheme();
  const user = useStoredUser();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <Button variant="ghost" onClick={onToggleSidebar} aria-label={t('nav.menu')} aria-expanded={sidebarOpen} aria-controls={sidebarId} data-testid="sidebar-toggle">
        <Menu aria-hidden="true" className="h-5 w-5" />
      </Button>
      <Link to="/" className="flex min-w-0 items-center gap-2 truncate font-semibold" data-testid="system-name">
        {/* Keyed by its address: a logo that failed to load is hidden, and a new one must show again. */}
        <img key={status?.logo || DEFAULT_LOGO} src={status?.logo || DEFAULT_LOGO} alt="" className="h-6 w-6" data-testid="logo" onError={(e) => (e.currentTarget.style.display = 'none')} />
        {status?.system_name || DEFAULT_SYSTEM_NAME}
      </Link>
      <div className="ml-auto flex items-center gap-1">
        {status?.docs_link ? (
          <a href={status.docs_link} target="_blank" rel="noreferrer" className="px-2 text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-300" data-testid="docs-link">
            {t('nav.docs')}
          </a>
        ) : null}
        <Button variant="ghost" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
          <Languages aria-hidden="true" className="h-4 w-4 max-sm:hidden" />
          {t('lang.toggle')}
        </Button>
        <Button variant="ghost" onClick={toggleTheme} aria-label={t('theme.toggle')} data-testid="theme-toggle" data-theme={theme}>
          {theme === 'dark' ? <Sun aria-hidden="true" className="h-4 w-4" /> : <Moon aria-hidden="true" className="h-4 w-4" />}
        </Button>
        {user ? (
          <Suspense fallback={<span className="text-sm">{user.display_name || user.username}</span>}>
            <UserMenu name={user.display_name || user.username} />
          </Suspense>
        ) : (
          <Link to="/login" className="px-2 text-sm text-indigo-600 dark:text-indigo-400">
            {t('auth.login')}
          </Link>
        )}
      </div>
    </header>
  );
}
