import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { type AdminUser, userApi } from '../api';
import { useGroups, usersQueryKey } from '../hooks/use-users';
import { QuotaEquivalent } from '../../status/quota-equivalent';

/** Adds a user (username, display name, password) or edits one (also group, quota and the administrators' remark); `onDone` after a save or a cancel. */
export function UserForm({ user, onDone }: { user: AdminUser | null; onDone(): void }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const { data: groups } = useGroups();
  const [form, setForm] = useState({ username: user?.username ?? '', display_name: user?.display_name ?? '', password: '', group: user?.group ?? 'default', quota: user?.quota ?? 0, remark: user?.remark ?? '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user && (!form.username.trim() || !form.password)) return notify(t('user.required'), 'error');
    try {
      if (user) await userApi.update({ id: user.id, ...form, username: form.username.trim() });
      else await userApi.create({ username: form.username.trim(), display_name: form.display_name, password: form.password });
      notify(t(user ? 'user.updated' : 'user.created'));
      onDone();
    } catch {
      // The client showed the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: usersQueryKey });
  };
  const groupOptions = [...new Set([...(groups ?? []), form.group])].map((g) => ({ value: g, label: g }));
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="user-username" label={t('user.username')} value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
      <Field id="user-display-name" label={t('user.displayName')} value={form.display_name} onChange={(e) => setForm({ ...form, display_name: e.target.value })} />
      <Field id="user-password" label={t('user.password')} type="password" value={form.password} autoComplete="new-password" onChange={(e) => setForm({ ...form, password: e.target.value })} />
      {user && (
        <>
          <Select id="user-group" label={t('user.group')} value={form.group} options={groupOptions} onChange={(group) => setForm({ ...form, group })} />
          <Field id="user-quota" label={t('user.quota')} type="number" value={form.quota} onChange={(e) => setForm({ ...form, quota: Number.parseInt(e.target.value, 10) || 0 })} />
          <QuotaEquivalent quota={form.quota} testId="user-quota-equivalent" />
          <Field id="user-remark" label={t('user.remark')} value={form.remark} maxLength={255} onChange={(e) => setForm({ ...form, remark: e.target.value })} />
        </>
      )}
      <FormActions onCancel={onDone} />
    </form>
  );
}
