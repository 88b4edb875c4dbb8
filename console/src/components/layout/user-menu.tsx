import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { storeUser } from '../../lib/stored-user';
import { Menu } from '../ui/menu';
import { useToast } from '../ui/toast';

/** The signed-in user's menu: settings and logout (GET /api/user/logout, forget the user, go to /login). */
export function UserMenu({ name }: { name: string }) {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const logout = async () => {
    await api('GET', '/api/user/logout', undefined, { quiet: true }).catch(() => undefined);
    storeUser(null);
    notify(t('auth.loggedOut'));
    navigate('/login');
  };
  return (
    <Menu
      label={name}
      testId="user-menu"
      entries={[
        { label: t('nav.setting'), onSelect: () => {
          navigate('/setting');
        } },
        { label: t('auth.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}
