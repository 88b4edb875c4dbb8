import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { localInputToSeconds, toLocalInput } from '../../../lib/datetime';
import { LOG_TYPES, type LogFilters } from '../filters';

const toInput = (seconds?: number) => (seconds === undefined ? '' : toLocalInput(seconds));
const toSeconds = (value: string) => localInputToSeconds(value) ?? undefined;

/** The filter form; it edits a draft and hands the whole filter set over on 查询. */
export function LogFiltersForm({ admin, value, onSearch }: { admin: boolean; value: LogFilters; onSearch(filters: LogFilters): void }) {
  const t = useT();
  const [form, setForm] = useState({ ...value, start: toInput(value.start_timestamp), end: toInput(value.end_timestamp) });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const search = () => {
    const { start, end, ...filters } = form;
    onSearch({ ...filters, token_name: filters.token_name.trim(), model_name: filters.model_name.trim(), username: filters.username.trim(), channel: filters.channel.trim(), start_timestamp: toSeconds(start), end_timestamp: toSeconds(end) });
  };
  const types = LOG_TYPES.map((type) => ({ value: type, label: t(`log.type.${type}` as MessageKey) }));
  return (
    <form className="grid grid-cols-2 gap-2 md:grid-cols-4" onSubmit={(e) => { e.preventDefault(); search(); }}>
      <Field id="log-token" label={t('log.tokenName')} value={form.token_name} onChange={set('token_name')} />
      <Field id="log-model" label={t('log.modelName')} value={form.model_name} onChange={set('model_name')} />
      <Field id="log-start" label={t('log.start')} type="datetime-local" value={form.start} onChange={set('start')} />
      <Field id="log-end" label={t('log.end')} type="datetime-local" value={form.end} onChange={set('end')} />
      {admin && <Field id="log-username" label={t('log.username')} value={form.username} onChange={set('username')} />}
      {admin && <Field id="log-channel" label={t('log.channel')} value={form.channel} onChange={set('channel')} />}
      <Select id="log-type" label={t('log.type')} value={form.type} options={types} onChange={(type) => setForm({ ...form, type })} />
      <div className="flex items-end">
        <Button type="submit">{t('log.search')}</Button>
      </div>
    </form>
  );
}
