import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { selfQueryKey, useSelf } from '../../account/hooks/use-self';
import { accountApi } from '../api';

/** Display name, and a password change that needs the current password and a matching confirmation. */
export function ProfileCard() {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const { data: self } = useSelf();
  const [displayName, setDisplayName] = useState<string | null>(null);
  const [passwords, setPasswords] = useState({ original: '', next: '', again: '' });
  const save = async (fields: Parameters<typeof accountApi.updateSelf>[0]) => {
    try {
      await accountApi.updateSelf(fields);
      notify(t('user.updated'));
      await queryClient.invalidateQueries({ queryKey: selfQueryKey });
      return true;
    } catch {
      return false; // the client showed the server's message
    }
  };
  const changePassword = async () => {
    if (passwords.next !== passwords.again) return notify(t('setting.passwordMismatch'), 'error');
    if (await save({ password: passwords.next, original_password: passwords.original })) setPasswords({ original: '', next: '', again: '' });
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="font-semibold">{t('setting.profile')}</h2>
      <Field id="self-display-name" label={t('user.displayName')} value={displayName ?? self?.display_name ?? ''} onChange={(e) => setDisplayName(e.target.value)} />
      <Button onClick={() => void save({ display_name: displayName ?? '' })}>{t('setting.save')}</Button>
      <Field id="self-original-password" type="password" label={t('setting.originalPassword')} value={passwords.original} onChange={(e) => setPasswords({ ...passwords, original: e.target.value })} />
      <Field id="self-new-password" type="password" label={t('setting.newPassword')} value={passwords.next} onChange={(e) => setPasswords({ ...passwords, next: e.target.value })} />
      <Field id="self-confirm-password" type="password" label={t('setting.confirmPassword')} value={passwords.again} onChange={(e) => setPasswords({ ...passwords, again: e.target.value })} />
      <Button onClick={() => void changePassword()}>{t('setting.changePassword')}</Button>
    </section>
  );
}
