import { durationUnits, type PlanWindow, resetPeriods, type SubscriptionPlan } from '@tollgate/wire';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { type PlanFields, subscriptionApi } from '../api';
import { subscriptionKeys } from '../hooks/use-subscriptions';
import { fieldsOf, formOf, newWindow } from './plan-form';

const MAX_WINDOWS = 9;
const toInt = (value: string) => Math.max(0, Number.parseInt(value, 10) || 0);

function WindowFields({ index, window: w, onChange, onRemove }: { index: number; window: PlanWindow; onChange(w: PlanWindow): void; onRemove?: () => void }) {
  const t = useT();
  return (
    <fieldset data-testid="plan-window" className="grid grid-cols-2 gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
      <legend className="text-sm">{t('plan.window', { n: index + 1 })}</legend>
      <Field id={`plan-window-${index}-amount`} label={t('plan.totalAmount')} type="number" min={0} value={w.total_amount} onChange={(e) => onChange({ ...w, total_amount: toInt(e.target.value) })} />
      <Select id={`plan-window-${index}-period`} label={t('plan.resetPeriod')} value={w.quota_reset_period} onChange={(p) => onChange({ ...w, quota_reset_period: p })}
        options={resetPeriods.map((p) => ({ value: p, label: p === 'custom' ? t('plan.resetSeconds') : t(`subscription.period.${p}`) }))} />
      {w.quota_reset_period === 'custom' && <Field id={`plan-window-${index}-seconds`} label={t('plan.resetSeconds')} type="number" min={1} value={w.quota_reset_custom_seconds} onChange={(e) => onChange({ ...w, quota_reset_custom_seconds: toInt(e.target.value) })} />}
      {onRemove && <Button variant="ghost" onClick={onRemove}>{t('plan.removeWindow')}</Button>}
    </fieldset>
  );
}

/** Creates or edits a plan: price, duration, its quota windows, the models and groups it covers, the provider products. */
export function PlanDialog({ editing, onClose }: { editing: SubscriptionPlan | null; onClose(): void }) {
  const t = useT();
  const notify = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(editing));
  const set = (patch: Partial<PlanFields>) => setForm({ ...form, fields: { ...form.fields, ...patch } });
  const setWindows = (windows: PlanWindow[]) => setForm({ ...form, windows });
  const f = form.fields;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await (editing ? subscriptionApi.updatePlan(editing.id, fieldsOf(form)) : subscriptionApi.createPlan(fieldsOf(form)));
      notify(t('plan.saved'));
      onClose();
    } catch {
      // The client showed the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.adminPlans });
  };
  return (
    <Dialog open onClose={onClose} title={t(editing ? 'plan.edit' : 'plan.add')}>
      <form onSubmit={submit} className="max-h-[75vh] space-y-3 overflow-y-auto" noValidate>
        <Field id="plan-title" label={t('plan.title')} value={f.title} onChange={(e) => set({ title: e.target.value })} />
        <Field id="plan-subtitle" label={t('plan.subtitle')} value={f.subtitle} onChange={(e) => set({ subtitle: e.target.value })} />
        <div className="grid grid-cols-2 gap-2">
          <Field id="plan-price" label={t('plan.price')} type="number" min={0} step="0.01" value={f.price_amount} onChange={(e) => set({ price_amount: Math.max(0, Number.parseFloat(e.target.value) || 0) })} />
          <Field id="plan-currency" label={t('plan.currency')} value={f.currency} onChange={(e) => set({ currency: e.target.value })} />
          <Select id="plan-duration-unit" label={t('plan.durationUnit')} value={f.duration_unit} onChange={(u) => set({ duration_unit: u })}
            options={durationUnits.map((u) => ({ value: u, label: u === 'custom' ? t('plan.customSeconds') : t(`subscription.unit.${u}`) }))} />
          {f.duration_unit === 'custom'
            ? <Field id="plan-custom-seconds" label={t('plan.customSeconds')} type="number" min={1} value={f.custom_seconds} onChange={(e) => set({ custom_seconds: toInt(e.target.value) })} />
            : <Field id="plan-duration-value" label={t('plan.durationValue')} type="number" min={1} value={f.duration_value} onChange={(e) => set({ duration_value: toInt(e.target.value) })} />}
        </div>
        <p className="text-sm font-medium">{t('plan.windows')}</p>
        {form.windows.map((w, i) => (
          <WindowFields key={i} index={i} window={w} onChange={(next) => setWindows(form.windows.map((x, j) => (j === i ? next : x)))}
            onRemove={i > 0 ? () => setWindows(form.windows.filter((_, j) => j !== i)) : undefined} />
        ))}
        {form.windows.length < MAX_WINDOWS && <Button variant="outline" onClick={() => setWindows([...form.windows, newWindow()])}>{t('plan.addWindow')}</Button>}
        <Field id="plan-model-limits" label={t('plan.modelLimits')} value={f.model_limits} onChange={(e) => set({ model_limits: e.target.value })} />
        <Field id="plan-group-limits" label={t('plan.groupLimits')} value={f.group_limits} onChange={(e) => set({ group_limits: e.target.value })} />
        <div className="grid grid-cols-2 gap-2">
          <Field id="plan-stripe-price" label={t('plan.stripePriceId')} value={f.stripe_price_id} onChange={(e) => set({ stripe_price_id: e.target.value })} />
          <Field id="plan-creem-product" label={t('plan.creemProductId')} value={f.creem_product_id} onChange={(e) => set({ creem_product_id: e.target.value })} />
        </div>
        <FormActions onCancel={onClose} />
      </form>
    </Dialog>
  );
}
