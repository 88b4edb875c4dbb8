import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { useI18n } from '../../i18n';
import { storedUser, storeUser } from '../../lib/stored-user';
import { useStatus } from '../../features/status/use-status';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';
import { useTheme } from './use-theme';

export function Header({ onToggleSidebar }: { onToggleSidebar(): void }) {
  const { t, lang, setLang } = useI18n();
  const { data: status } = useStatus();
  const { toggleTheme } = useTheme();
  const notify = useToast();
  const navigate = useNavigate();
  const user = storedUser();
  const logout = async () => {
    await api('GET', '/api/user/logout').catch(() => undefined);
    storeUser(null);
    notify(t('auth.loggedOut'));
    navigate('/login');
  };
  return (
    <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
      <Button variant="ghost" className="md:hidden" onClick={onToggleSidebar} aria-label="menu">
        ☰
      </Button>
      <Link to="/" className="flex items-center gap-2 font-semibold">
        <img src={status?.logo || '/logo.png'} alt="" className="h-6 w-6" onError={(e) => (e.currentTarget.style.display = 'none')} />
        {status?.system_name ?? 'Tollgate'}
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <Button variant="ghost" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
          {t('lang.toggle')}
        </Button>
        <Button variant="ghost" onClick={toggleTheme} aria-label={t('theme.toggle')}>
          ◐
        </Button>
        {user ? (
          <Button variant="outline" onClick={logout}>
            {user.username} · {t('auth.logout')}
          </Button>
        ) : (
          <Link to="/login" className="text-sm text-indigo-600">
            {t('auth.login')}
          </Link>
        )}
      </div>
    </header>
  );
}
