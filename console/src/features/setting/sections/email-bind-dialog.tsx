import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { authApi } from '../../auth/api';
import { useTurnstile } from '../../auth/hooks/use-turnstile';
import { EmailCodeFields } from '../../auth/sections/email-code-fields';

/** Email binding: a code mailed to the address, then /api/oauth/email/bind (the spec's two messages). */
export function EmailBindDialog({ open, onClose, onBound }: { open: boolean; onClose(): void; onBound(): void }) {
  const t = useT();
  const notify = useToast();
  const turnstile = useTurnstile();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return notify(t('auth.emailRequired'), 'error');
    if (!code.trim()) return notify(t('setting.emailCodeRequired'), 'error');
    const bound = await authApi.emailBind(email.trim(), code.trim()).then(() => true, () => false);
    if (!bound) return;
    notify(t('oauth.bound'));
    onBound();
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('setting.bindEmail')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <EmailCodeFields email={email} code={code} onEmail={setEmail} onCode={setCode} turnstile={turnstile} />
        {turnstile.widget}
        <Button type="submit" className="w-full">{t('setting.bind')}</Button>
      </form>
    </Dialog>
  );
}
