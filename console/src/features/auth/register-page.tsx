import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { card } from '../../components/ui/tokens';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';

export const MIN_PASSWORD = 8;

/** The spec's register rules; the key of the message to show, or null when the form is fine. */
export function registerProblem(username: string, password: string, password2: string): MessageKey | null {
  if (!username || !password) return 'auth.empty';
  if (password.length < MIN_PASSWORD) return 'auth.passwordShort';
  if (password !== password2) return 'auth.passwordMismatch';
  return null;
}

export function RegisterPage() {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState({ username: '', password: '', password2: '' });
  useEffect(() => {
    const aff = params.get('aff');
    if (aff) localStorage.setItem('aff', aff);
  }, [params]);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = registerProblem(form.username, form.password, form.password2);
    if (problem) return notify(t(problem), 'error');
    try {
      await api('POST', '/api/user/register', { ...form, aff_code: localStorage.getItem('aff') ?? '' });
      notify(t('auth.registered'));
      navigate('/login');
    } catch (error) {
      if (error instanceof ApiError) notify(error.message, 'error');
    }
  };
  return (
    <div className={`mx-auto mt-16 max-w-sm ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('auth.register')}</h1>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="username" label={t('auth.username')} value={form.username} onChange={set('username')} />
        <Field id="password" label={t('auth.password')} type="password" placeholder="8-20" value={form.password} onChange={set('password')} />
        <Field id="password2" label={t('auth.password2')} type="password" value={form.password2} onChange={set('password2')} />
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
