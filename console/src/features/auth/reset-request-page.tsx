import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { card } from '../../components/ui/tokens';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { useCountdown } from './hooks/use-countdown';
import { resetApi } from './reset-api';

/** /reset: asks for the account's email and mails it a one-time reset link (resend after 30 s). */
export function ResetRequestPage() {
  const t = useT();
  const notify = useToast();
  const [email, setEmail] = useState('');
  const countdown = useCountdown();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return notify(t('reset.emailRequired'), 'error');
    try {
      await resetApi.sendResetMail(email.trim());
      countdown.start();
      notify(t('reset.mailSent'));
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <div className={`mx-auto mt-16 max-w-sm ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('reset.title')}</h1>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="reset-email" label={t('reset.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        <Button type="submit" className="w-full" disabled={countdown.running}>
          {countdown.running ? t('reset.retry', { seconds: countdown.left }) : t('reset.submit')}
        </Button>
      </form>
    </div>
  );
}
