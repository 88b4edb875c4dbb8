import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { storeUser, useStoredUser } from '../../../lib/stored-user';
import { accountApi } from '../api';

/** Deleting one's own account: the username typed exactly, then the account is deactivated and the session ends. */
export function DeleteAccountCard() {
  const t = useT();
  const notify = useToast();
  const navigate = useNavigate();
  const user = useStoredUser();
  const [typed, setTyped] = useState('');
  const remove = async () => {
    if (typed !== user?.username) return notify(t('setting.deleteMismatch'), 'error');
    try {
      await accountApi.deleteSelf();
      storeUser(null);
      navigate('/login');
    } catch {
      // the client showed the server's message
    }
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold text-red-600 dark:text-red-400">{t('setting.deleteAccount')}</h2>
      <Field id="delete-username" label={t('setting.deleteHint')} value={typed} onChange={(e) => setTyped(e.target.value)} />
      <Button variant="danger" onClick={() => void remove()}>{t('setting.deleteAccount')}</Button>
    </section>
  );
}
