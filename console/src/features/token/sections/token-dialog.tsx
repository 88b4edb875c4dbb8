import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { toLocalInput } from '../../../lib/datetime';
import { type NewToken, type Token, tokenApi } from '../api';
import { COUNT_SHORTCUTS, EXPIRY_SHORTCUTS, parseExpiry } from '../expiry';
import { tokensQueryKey } from '../hooks/use-tokens';
import { newTokenNames } from '../new-token-names';
import { DEFAULT_TOKEN_QUOTA, QUOTA_SHORTCUTS } from '../quota-shortcuts';
import { Shortcuts } from './shortcuts';
import { QuotaEquivalent } from '../../status/quota-equivalent';
import { useStatus } from '../../status/hooks/use-status';
import { type UserGroup, useUserGroups } from '../../playground/api';

/** `group` is null until the user picks one: a new key then gets the site's default (newKeyGroup). */
interface TokenForm {
  name: string;
  remainQuota: number;
  unlimited: boolean;
  expiry: string;
  count: number;
  group: string | null;
}
const emptyForm: TokenForm = { name: '', remainQuota: DEFAULT_TOKEN_QUOTA, unlimited: false, expiry: '', count: 1, group: null };
const countOptions = COUNT_SHORTCUTS.map((n) => ({ label: String(n), value: n }));
const quotaOptions = QUOTA_SHORTCUTS.map((s) => ({ label: s.label, value: s.quota }));

/** The form as an existing token fills it. */
const formOf = (token: Token): TokenForm => ({
  name: token.name,
  remainQuota: token.remain_quota,
  unlimited: token.unlimited_quota,
  expiry: token.expired_time === -1 ? '' : toLocalInput(token.expired_time),
  count: 1,
  group: token.group ?? '',
});

/** A new key's group: `auto` when the site says so (DefaultUseAutoGroup) and the user may use it, else the user's own (empty). */
const newKeyGroup = (defaultAuto: boolean, groups: UserGroup[]) => (defaultAuto && groups.some((g) => g.name === 'auto') ? 'auto' : '');

/**
 * Create one token or a batch of them (one POST each, as the spec says), in a drawer from the left;
 * or, with `editing`, change one token in a drawer from the right.
 */
export function TokenDialog({ open, editing = null, onClose }: { open: boolean; editing?: Token | null; onClose(): void }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const groups = useUserGroups().data ?? [];
  const defaultAuto = useStatus().data?.default_use_auto_group ?? false;
  const [form, setForm] = useState(() => (editing ? formOf(editing) : emptyForm));
  const group = form.group ?? newKeyGroup(defaultAuto, groups);
  const groupOptions = [{ value: '', label: t('token.groupOwn') }, ...groups.map((g) => ({ value: g.name, label: `${g.name} · ${g.desc}` }))];
  const [busy, setBusy] = useState(false);
  const save = async (fields: NewToken) => {
    if (editing) {
      await tokenApi.update(editing.id, fields);
      notify(t('token.updated'));
      return;
    }
    const names = newTokenNames(fields.name, form.count);
    for (const name of names) await tokenApi.create({ ...fields, name });
    notify(t('token.created_n', { n: names.length }));
    setForm(emptyForm);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiredTime = parseExpiry(form.expiry);
    if (expiredTime === null) return notify(t('token.badExpiry'), 'error');
    if (!form.name.trim()) return notify(t('token.nameRequired'), 'error');
    setBusy(true);
    try {
      await save({ name: form.name.trim(), remain_quota: form.remainQuota, expired_time: expiredTime, unlimited_quota: form.unlimited, group });
      onClose();
    } catch {
      // The client showed the server's message; tokens created before the failure stay listed.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    }
  };
  const expiryOptions = EXPIRY_SHORTCUTS.map((s) => ({ label: t(s.label), value: s.seconds }));
  const setExpiry = (seconds: number) => setForm({ ...form, expiry: seconds < 0 ? '' : toLocalInput(Date.now() / 1000 + seconds) });
  return (
    <Dialog side={editing ? 'right' : 'left'} open={open} onClose={onClose} title={t(editing ? 'token.editTitle' : 'token.add')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="token-name" label={t('token.name')} value={form.name} required onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <Field id="token-expiry" label={t('token.expiry')} type="datetime-local" value={form.expiry} onChange={(e) => setForm({ ...form, expiry: e.target.value })} />
        <Shortcuts options={expiryOptions} onPick={setExpiry} />
        <Field id="token-quota" label={t('token.remain')} type="number" disabled={form.unlimited} value={form.remainQuota} onChange={(e) => setForm({ ...form, remainQuota: Number.parseInt(e.target.value, 10) || 0 })} />
        {!form.unlimited && <QuotaEquivalent quota={form.remainQuota} testId="token-quota-equivalent" />}
        <Shortcuts options={quotaOptions} disabled={form.unlimited} onPick={(remainQuota) => setForm({ ...form, remainQuota })} />
        <Switch checked={form.unlimited} onChange={(unlimited) => setForm({ ...form, unlimited })} label={t('token.unlimited')} />
        <Select id="token-group" label={t('token.group')} value={group} options={groupOptions} onChange={(picked) => setForm({ ...form, group: picked })} />
        {!editing && (
          <>
            <Field id="token-count" label={t('token.count')} type="number" min={1} value={form.count} onChange={(e) => setForm({ ...form, count: Number.parseInt(e.target.value, 10) || 1 })} />
            <Shortcuts options={countOptions} onPick={(count) => setForm({ ...form, count })} />
          </>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('token.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('token.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
