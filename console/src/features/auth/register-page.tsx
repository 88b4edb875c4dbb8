import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useStatus } from '../status/hooks/use-status';
import { AFF_KEY } from './invite-code';
import { PasswordRegisterForm } from './sections/password-register-form';
import { ThirdPartySignIn } from './sections/third-party-sign-in';

/**
 * Sign-up: the password form while PasswordRegisterEnabled, the third-party buttons, both only while
 * RegisterEnabled (new-api's texts say what is closed). The invite code comes from `?aff=`.
 */
export function RegisterPage() {
  const t = useT();
  const [params] = useSearchParams();
  const { data: status } = useStatus();
  useEffect(() => {
    const aff = params.get('aff');
    if (aff) localStorage.setItem(AFF_KEY, aff);
  }, [params]);
  const open = status?.register_enabled !== false;
  const byPassword = open && status?.password_register_enabled !== false;
  return (
    <div className={`mx-auto mt-16 max-w-sm ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('auth.register')}</h1>
      {!open && <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">{t('auth.registerClosed')}</p>}
      {open && !byPassword && <p role="alert" className="text-sm text-slate-600 dark:text-slate-300">{t('auth.passwordRegisterClosed')}</p>}
      {byPassword && <PasswordRegisterForm emailVerification={Boolean(status?.email_verification)} />}
      {open && <ThirdPartySignIn />}
      <Link to="/login" className="mt-3 block text-sm text-indigo-600 dark:text-indigo-400">
        {t('auth.haveAccount')} {t('auth.login')}
      </Link>
    </div>
  );
}
