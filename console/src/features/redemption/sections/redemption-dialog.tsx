import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { type Redemption, redemptionApi } from '../api';
import { redemptionsQueryKey } from '../hooks/use-redemptions';
import { QuotaEquivalent } from '../../status/quota-equivalent';
import { localInputToSeconds, toLocalInput } from '../../../lib/datetime';

const DEFAULT_QUOTA = 100_000;
const toInt = (value: string, fallback: number) => Number.parseInt(value, 10) || fallback;

/** Creates codes (name, quota, expiry, count) or edits one (name, quota, expiry; empty expiry = never); `onCreated` gets the new codes. */
export function RedemptionDialog({ editing, open, onClose, onCreated }: { editing: Redemption | null; open: boolean; onClose(): void; onCreated(codes: string[]): void }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: editing?.name ?? '', quota: editing?.quota ?? DEFAULT_QUOTA, count: 1, expires: editing?.expired_time ? toLocalInput(editing.expired_time) : '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing && !form.name.trim()) return; // the spec: silently nothing without a name
    const fields = { name: form.name.trim(), quota: form.quota, expired_time: localInputToSeconds(form.expires) ?? 0 };
    try {
      if (editing) {
        await redemptionApi.update(editing.id, fields);
        notify(t('redemption.updated'));
      } else {
        onCreated(await redemptionApi.create({ ...fields, count: form.count }));
        notify(t('redemption.created_ok'));
      }
      onClose();
    } catch {
      // The client showed the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: redemptionsQueryKey });
  };
  return (
    <Dialog open={open} onClose={onClose} title={t(editing ? 'redemption.edit' : 'redemption.add')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="redemption-name" label={t('redemption.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <Field id="redemption-quota" label={t('redemption.quota')} type="number" value={form.quota} onChange={(e) => setForm({ ...form, quota: toInt(e.target.value, 0) })} />
        <QuotaEquivalent quota={form.quota} testId="redemption-quota-equivalent" />
        <Field id="redemption-expires" label={t('redemption.expires')} type="datetime-local" value={form.expires} onChange={(e) => setForm({ ...form, expires: e.target.value })} />
        {!editing && <Field id="redemption-count" label={t('redemption.count')} type="number" min={1} value={form.count} onChange={(e) => setForm({ ...form, count: toInt(e.target.value, 1) })} />}
        <FormActions onCancel={onClose} />
      </form>
    </Dialog>
  );
}
