import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ManualCopyDialog } from '../../components/ui/manual-copy-dialog';
import { card } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { useClipboard } from '../../lib/use-clipboard';
import { resetApi } from './reset-api';

/** /user/reset: the link from the reset mail (email and token in the query); confirming shows the new password and copies it. */
export function ResetConfirmPage() {
  const t = useT();
  const clipboard = useClipboard();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const confirm = async () => {
    try {
      const { data } = await resetApi.confirm(email, token);
      setPassword(data);
      await clipboard.copy(data);
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <div className={`mx-auto mt-16 max-w-sm ${card}`}>
      <h1 className="mb-4 text-xl font-semibold">{t('reset.confirmTitle')}</h1>
      {!email || !token ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">{t('reset.badLink')}</p>
      ) : (
        <div className="space-y-3">
          <Field id="reset-confirm-email" label={t('reset.email')} value={email} readOnly />
          {password && <Field id="reset-new-password" label={t('reset.newPassword')} value={password} readOnly />}
          <Button className="w-full" disabled={Boolean(password)} onClick={() => void confirm()}>
            {t('reset.submit')}
          </Button>
        </div>
      )}
      <ManualCopyDialog text={clipboard.manual} onClose={clipboard.dismissManual} />
    </div>
  );
}
