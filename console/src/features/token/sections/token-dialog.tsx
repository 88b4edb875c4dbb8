import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { tokenApi } from '../api';
import { EXPIRY_SHORTCUTS, parseExpiry, toLocalInput } from '../expiry';
import { newTokenNames } from '../new-token-names';
import { DEFAULT_TOKEN_QUOTA, QUOTA_SHORTCUTS } from '../quota-shortcuts';

const emptyForm = { name: '', remainQuota: DEFAULT_TOKEN_QUOTA, unlimited: false, expiry: '', count: 1 };

/** Create one token, or a batch of them (one POST each, as the spec says). */
export function TokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(emptyForm);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiredTime = parseExpiry(form.expiry);
    if (expiredTime === null) return notify(t('token.badExpiry'), 'error');
    if (!form.name) return;
    const names = newTokenNames(form.name, form.count);
    try {
      for (const name of names) await tokenApi.create({ name, remain_quota: form.remainQuota, expired_time: expiredTime, unlimited_quota: form.unlimited });
      notify(t('token.created_n', { n: names.length }));
      setForm(emptyForm);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) notify(error.message, 'error');
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['tokens'] });
    }
  };
  const setExpiry = (seconds: number) => setForm({ ...form, expiry: seconds < 0 ? '' : toLocalInput(Date.now() / 1000 + seconds) });
  return (
    <Dialog open={open} onClose={onClose} title={t('token.add')}>
      <form onSubmit={submit} className="space-y-3">
        <Field id="token-name" label={t('token.name')} value={form.name} required onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <Field id="token-expiry" label={t('token.expiry')} type="datetime-local" value={form.expiry} onChange={(e) => setForm({ ...form, expiry: e.target.value })} />
        <div className="flex flex-wrap gap-1">
          {EXPIRY_SHORTCUTS.map((s) => (
            <Button key={s.label} variant="outline" onClick={() => setExpiry(s.seconds)}>
              {t(s.label)}
            </Button>
          ))}
        </div>
        <Field id="token-quota" label={t('token.remain')} type="number" disabled={form.unlimited} value={form.remainQuota} onChange={(e) => setForm({ ...form, remainQuota: Number.parseInt(e.target.value, 10) || 0 })} />
        <div className="flex flex-wrap gap-1">
          {QUOTA_SHORTCUTS.map((s) => (
            <Button key={s.label} variant="outline" disabled={form.unlimited} onClick={() => setForm({ ...form, remainQuota: s.quota })}>
              {s.label}
            </Button>
          ))}
        </div>
        <Switch checked={form.unlimited} onChange={(unlimited) => setForm({ ...form, unlimited })} label={t('token.unlimited')} />
        <Field id="token-count" label={t('token.count')} type="number" min={1} value={form.count} onChange={(e) => setForm({ ...form, count: Number.parseInt(e.target.value, 10) })} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('token.cancel')}
          </Button>
          <Button type="submit">{t('token.submit')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
