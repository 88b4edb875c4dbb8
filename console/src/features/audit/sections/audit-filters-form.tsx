import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../i18n';
import { localInputToSeconds, toLocalInput } from '../../../lib/datetime';
import type { AuditFilters } from '../filters';

const toInput = (seconds?: number) => (seconds === undefined ? '' : toLocalInput(seconds));
const toSeconds = (value: string) => localInputToSeconds(value) ?? undefined;

/** The trail's filters (actor, action, target, time range); it edits a draft and hands the whole set over on 查询. */
export function AuditFiltersForm({ value, onSearch, onExport }: { value: AuditFilters; onSearch(filters: AuditFilters): void; onExport(): void }) {
  const t = useT();
  const [form, setForm] = useState({ ...value, start: toInput(value.start_timestamp), end: toInput(value.end_timestamp) });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const search = () => {
    const { start, end, ...filters } = form;
    onSearch({ actor: filters.actor.trim(), type: filters.type.trim(), target_kind: filters.target_kind.trim(), target_id: filters.target_id.trim(), start_timestamp: toSeconds(start), end_timestamp: toSeconds(end) });
  };
  return (
    <form className="grid grid-cols-2 gap-2 md:grid-cols-4" onSubmit={(e) => { e.preventDefault(); search(); }}>
      <Field id="audit-actor" label={t('audit.actor')} value={form.actor} onChange={set('actor')} />
      <Field id="audit-type" label={t('audit.type')} value={form.type} onChange={set('type')} placeholder="UserUpdated" />
      <Field id="audit-target-kind" label={t('audit.targetKind')} value={form.target_kind} onChange={set('target_kind')} placeholder="user" />
      <Field id="audit-target-id" label={t('audit.targetId')} value={form.target_id} onChange={set('target_id')} />
      <Field id="audit-start" label={t('audit.start')} type="datetime-local" value={form.start} onChange={set('start')} />
      <Field id="audit-end" label={t('audit.end')} type="datetime-local" value={form.end} onChange={set('end')} />
      <div className="flex items-end gap-2">
        <Button type="submit">{t('audit.query')}</Button>
        <Button type="button" variant="outline" onClick={onExport}>{t('audit.export')}</Button>
      </div>
    </form>
  );
}
