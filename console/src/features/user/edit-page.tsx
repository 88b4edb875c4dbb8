import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useAdminUser } from './hooks/use-users';
import { EndSessionsButton } from './sections/end-sessions-button';
import { UserForm } from './sections/user-form';

/** /user/edit/{id}: the user editor as a page (the list opens the same form in a side panel). */
export function UserEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { data: user, isLoading, isError } = useAdminUser(id);
  return (
    <div className={`mx-auto max-w-lg ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('user.edit')}</h1>
      {isLoading && <p className="text-sm text-slate-500 dark:text-slate-400">{t('common.loading')}</p>}
      {(isError || !Number.isInteger(id)) && <p role="alert" data-testid="user-edit-missing" className="text-sm text-rose-600 dark:text-rose-400">{t('user.notFound')}</p>}
      {user && <UserForm user={user} onDone={() => navigate('/user')} />}
      {user && <EndSessionsButton userId={user.id} />}
    </div>
  );
}

/** /user/edit: one's own account is edited on the personal settings tab. */
export const OwnUserEditRedirect = () => <Navigate to="/setting?tab=personal" replace />;
