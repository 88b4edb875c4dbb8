import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { authApi } from '../api';
import { useCountdown } from '../hooks/use-countdown';

/** The form's bot check, when it has one (see useTurnstile). */
export interface BotCheck {
  waiting: boolean;
  take(): string;
}

/** Email and verification code, with a send-code button that waits 30 s before a resend. */
export function EmailCodeFields({ email, code, onEmail, onCode, turnstile }: { email: string; code: string; onEmail(value: string): void; onCode(value: string): void; turnstile?: BotCheck }) {
  const t = useT();
  const notify = useToast();
  const countdown = useCountdown();
  const send = async () => {
    if (!email.trim()) return notify(t('auth.emailRequired'), 'error');
    if (turnstile?.waiting) return notify(t('auth.turnstileWait'), 'warning');
    countdown.start();
    try {
      await authApi.sendEmailCode(email.trim(), turnstile?.take());
      notify(t('auth.codeSent'));
    } catch {
      // The client showed the server's message; the countdown still runs, as a resend guard.
    }
  };
  return (
    <>
      <div className="flex items-end gap-2">
        <Field id="email" className="flex-1" label={t('auth.email')} type="email" value={email} onChange={(e) => onEmail(e.target.value)} autoComplete="email" />
        <Button variant="outline" onClick={send} disabled={countdown.running} data-testid="send-code">
          {countdown.running ? t('auth.resendIn', { n: countdown.left }) : t('auth.sendCode')}
        </Button>
      </div>
      <Field id="verification_code" label={t('auth.code')} value={code} onChange={(e) => onCode(e.target.value)} autoComplete="one-time-code" />
    </>
  );
}
