import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { toLocalInput } from '../../../lib/datetime';
import { tokenApi } from '../api';
import { COUNT_SHORTCUTS, EXPIRY_SHORTCUTS, parseExpiry } from '../expiry';
import { tokensQueryKey } from '../hooks/use-tokens';
import { newTokenNames } from '../new-token-names';
import { DEFAULT_TOKEN_QUOTA, QUOTA_SHORTCUTS } from '../quota-shortcuts';
import { Shortcuts } from './shortcuts';
import { QuotaEquivalent } from '../../status/quota-equivalent';

const emptyForm = { name: '', remainQuota: DEFAULT_TOKEN_QUOTA, unlimited: false, expiry: '', count: 1 };
const countOptions = COUNT_SHORTCUTS.map((n) => ({ label: String(n), value: n }));
const quotaOptions = QUOTA_SHORTCUTS.map((s) => ({ label: s.label, value: s.quota }));

/** Create one token, or a batch of them (one POST each, as the spec says). */
export function TokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiredTime = parseExpiry(form.expiry);
    if (expiredTime === null) return notify(t('token.badExpiry'), 'error');
    if (!form.name.trim()) return notify(t('token.nameRequired'), 'error');
    const names = newTokenNames(form.name.trim(), form.count);
    setBusy(true);
    try {
      for (const name of names) await tokenApi.create({ name, remain_quota: form.remainQuota, expired_time: expiredTime, unlimited_quota: form.unlimited });
      notify(t('token.created_n', { n: names.length }));
      setForm(emptyForm);
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
    <Dialog open={open} onClose={onClose} title={t('token.add')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="token-name" label={t('token.name')} value={form.name} required onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <Field id="token-expiry" label={t('token.expiry')} type="datetime-local" value={form.expiry} onChange={(e) => setForm({ ...form, expiry: e.target.value })} />
        <Shortcuts options={expiryOptions} onPick={setExpiry} />
        <Field id="token-quota" label={t('token.remain')} type="number" disabled={form.unlimited} value={form.remainQuota} onChange={(e) => setForm({ ...form, remainQuota: Number.parseInt(e.target.value, 10) || 0 })} />
        {!form.unlimited && <QuotaEquivalent quota={form.remainQuota} testId="token-quota-equivalent" />}
        <Shortcuts options={quotaOptions} disabled={form.unlimited} onPick={(remainQuota) => setForm({ ...form, remainQuota })} />
        <Switch checked={form.unlimited} onChange={(unlimited) => setForm({ ...form, unlimited })} label={t('token.unlimited')} />
        <Field id="token-count" label={t('token.count')} type="number" min={1} value={form.count} onChange={(e) => setForm({ ...form, count: Number.parseInt(e.target.value, 10) || 1 })} />
        <Shortcuts options={countOptions} onPick={(count) => setForm({ ...form, count })} />
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
