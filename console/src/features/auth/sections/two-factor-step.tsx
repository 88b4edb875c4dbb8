import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { authApi, type LoginData } from '../api';

/** The sign-in's second step: the app's six digits, or a recovery code; `onSignedIn` gets the user. */
export function TwoFactorStep({ onSignedIn, onBack }: { onSignedIn(data: LoginData): void; onBack(): void }) {
  const t = useT();
  const notify = useToast();
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return notify(t('twofa.codeRequired'), 'error');
    try {
      onSignedIn((await authApi.loginSecondFactor(code.trim())).data);
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <h2 className="font-semibold">{t('twofa.loginTitle')}</h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('twofa.loginHint')}</p>
      <Field id="two-factor-code" label={backup ? t('twofa.backupCode') : t('twofa.code')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" autoFocus />
      <Button type="submit" className="w-full">{t('twofa.verify')}</Button>
      <div className="flex justify-between text-sm">
        <Button variant="ghost" onClick={() => { setBackup(!backup); setCode(''); }}>{backup ? t('twofa.useTotp') : t('twofa.useBackup')}</Button>
        <Button variant="ghost" onClick={onBack}>{t('twofa.back')}</Button>
      </div>
    </form>
  );
}
