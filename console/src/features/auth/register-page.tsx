import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { card } from '../../components/ui/tokens';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { useStatus } from '../status/hooks/use-status';
import { authApi } from './api';
import { useTurnstile } from './hooks/use-turnstile';
import { EmailCodeFields } from './sections/email-code-fields';

export const MIN_PASSWORD = 8;
const AFF_KEY = 'aff';

/** The spec's register rules; the key of the message to show, or null when the form is fine. */
export function registerProblem(username: string, password: string, password2: string): MessageKey | null {
  if (!username || !password) return 'auth.empty';
  if (password.length < MIN_PASSWORD) return 'auth.passwordShort';
  if (password !== password2) return 'auth.passwordMismatch';
  return null;
}

const emptyForm = { username: '', password: '', password2: '', email: '', verification_code: '' };

/** Sign-up; the invite code comes from `?aff=` and is remembered in localStorage `aff`. */
export function RegisterPage() {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: status } = useStatus();
  const [form, setForm] = useState(emptyForm);
  const turnstile = useTurnstile();
  useEffect(() => {
    const aff = params.get('aff');
    if (aff) localStorage.setItem(AFF_KEY, aff);
  }, [params]);
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = registerProblem(form.username.trim(), form.password, form.password2);
    if (problem) return notify(t(problem), 'error');
    if (turnstile.waiting) return notify(t('auth.turnstileWait'), 'warning');
    const { email, verification_code, ...account } = form;
    const emailFields = status?.email_verification ? { email, verification_code } : {};
    try {
      await authApi.register({ ...account, username: account.username.trim(), ...emailFields, aff_code: localStorage.getItem(AFF_KEY) ?? '' }, turnstile.take());
      notify(t('auth.registered'));
      navigate('/login');
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <div className={`mx-auto mt-16 max-w-sm ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('auth.register')}</h1>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="username" label={t('auth.username')} value={form.username} onChange={(e) => set('username')(e.target.value)} autoComplete="username" />
        <Field id="password" label={t('auth.password')} type="password" placeholder={t('auth.passwordHint')} value={form.password} onChange={(e) => set('password')(e.target.value)} autoComplete="new-password" />
        <Field id="password2" label={t('auth.password2')} type="password" value={form.password2} onChange={(e) => set('password2')(e.target.value)} autoComplete="new-password" />
        {status?.email_verification && <EmailCodeFields email={form.email} code={form.verification_code} onEmail={set('email')} onCode={set('verification_code')} turnstile={turnstile} />}
        {turnstile.widget}
        <Button type="submit" className="w-full">
          {t('auth.register')}
        </Button>
      </form>
      <Link to="/login" className="mt-3 block text-sm text-indigo-600">
        {t('auth.haveAccount')} {t('auth.login')}
      </Link>
    </div>
  );
}
