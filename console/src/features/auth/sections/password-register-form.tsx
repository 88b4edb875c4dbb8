import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { authApi } from '../api';
import { useTurnstile } from '../hooks/use-turnstile';
import { rememberedAffCode } from '../invite-code';
import { LegalConsent, useLegalDocuments } from '../../legal/legal-links';
import { EmailCodeFields } from './email-code-fields';

export const MIN_PASSWORD = 8;

/** The spec's register rules; the key of the message to show, or null when the form is fine. */
export function registerProblem(username: string, password: string, password2: string): MessageKey | null {
  if (!username || !password) return 'auth.empty';
  if (password.length < MIN_PASSWORD) return 'auth.passwordShort';
  if (password !== password2) return 'auth.passwordMismatch';
  return null;
}

const emptyForm = { username: '', password: '', password2: '', email: '', verification_code: '' };

/** Username and password sign-up, with email and code while email verification is on; lands on /login. */
export function PasswordRegisterForm({ emailVerification }: { emailVerification: boolean }) {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const turnstile = useTurnstile();
  const legal = useLegalDocuments();
  const [agreed, setAgreed] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = registerProblem(form.username.trim(), form.password, form.password2);
    if (problem) return notify(t(problem), 'error');
    if ((legal.agreement || legal.privacy) && !agreed) return notify(t('legal.mustAgree'), 'warning');
    if (turnstile.waiting) return notify(t('auth.turnstileWait'), 'warning');
    const { email, verification_code, ...account } = form;
    const emailFields = emailVerification ? { email, verification_code } : {};
    try {
      await authApi.register({ ...account, username: account.username.trim(), ...emailFields, aff_code: rememberedAffCode() }, turnstile.take());
      notify(t('auth.registered'));
      navigate('/login');
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="username" label={t('auth.username')} value={form.username} onChange={(e) => set('username')(e.target.value)} autoComplete="username" />
      <Field id="password" label={t('auth.password')} type="password" placeholder={t('auth.passwordHint')} value={form.password} onChange={(e) => set('password')(e.target.value)} autoComplete="new-password" />
      <Field id="password2" label={t('auth.password2')} type="password" value={form.password2} onChange={(e) => set('password2')(e.target.value)} autoComplete="new-password" />
      {emailVerification && <EmailCodeFields email={form.email} code={form.verification_code} onEmail={set('email')} onCode={set('verification_code')} turnstile={turnstile} />}
      {turnstile.widget}
      <LegalConsent checked={agreed} onChange={setAgreed} />
      <Button type="submit" className="w-full">
        {t('auth.register')}
      </Button>
    </form>
  );
}
