import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { card } from '../../components/ui/tokens';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { storeUser } from '../../lib/stored-user';
import { useStatus } from '../status/hooks/use-status';
import { authApi, type LoginData } from './api';
import { useTurnstile } from './hooks/use-turnstile';
import { ThirdPartySignIn } from './sections/third-party-sign-in';
import { TwoFactorStep } from './sections/two-factor-step';

/** Username and password sign-in (while PasswordLoginEnabled), then the two-factor code when the account has it; the third-party buttons; lands on /token. */
export function LoginPage() {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const turnstile = useTurnstile();
  const { data: status } = useStatus();
  const passwordLogin = status?.password_login_enabled !== false;
  const [secondStep, setSecondStep] = useState(false);
  const signedIn = (data: LoginData) => {
    storeUser({ id: data.id, username: data.username, display_name: data.display_name, role: data.role, status: data.status, group: data.group });
    notify(t('auth.loggedIn'));
    if (data.default_password) notify(t('auth.defaultPassword'), 'warning');
    navigate('/token');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !password) return notify(t('auth.empty'), 'error');
    if (turnstile.waiting) return notify(t('auth.turnstileWait'), 'warning');
    try {
      const { data } = await authApi.login(username.trim(), password, turnstile.take());
      if ('require_2fa' in data) setSecondStep(true);
      else signedIn(data);
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <div className={`mx-auto mt-16 max-w-sm ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('auth.login')}</h1>
      {params.get('expired') === 'true' && <p role="alert" className="mb-3 text-sm text-rose-600 dark:text-rose-400">{t('auth.expired')}</p>}
      {secondStep && <TwoFactorStep onSignedIn={signedIn} onBack={() => setSecondStep(false)} />}
      {passwordLogin && !secondStep && (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Field id="username" label={t('auth.username')} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" />
          <Field id="password" label={t('auth.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
          {turnstile.widget}
          <Button type="submit" className="w-full">
            {t('auth.login')}
          </Button>
        </form>
      )}
      <ThirdPartySignIn />
      <div className="mt-3 flex justify-between text-sm text-indigo-600 dark:text-indigo-400">
        {status?.register_enabled !== false && <Link to="/register">{t('auth.noAccount')} {t('auth.register')}</Link>}
        {passwordLogin && <Link to="/reset">{t('auth.forgot')}</Link>}
      </div>
    </div>
  );
}
