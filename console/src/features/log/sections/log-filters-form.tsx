import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { emptyFilters, type LogFilters } from '../api';

const LOG_TYPES = [0, 1, 2, 3, 4];
const toSeconds = (value: string) => (value ? Math.floor(new Date(value).getTime() / 1000) : undefined);

export function LogFiltersForm({ admin, onSearch }: { admin: boolean; onSearch(filters: LogFilters): void }) {
  const t = useT();
  const [form, setForm] = useState({ ...emptyFilters, start: '', end: '' });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const search = () => {
    const { start, end, ...filters } = form;
    onSearch({ ...filters, token_name: filters.token_name.trim(), model_name: filters.model_name.trim(), start_timestamp: toSeconds(start), end_timestamp: toSeconds(end) });
  };
  return (
    <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
      <Field id="log-token" label={t('log.tokenName')} value={form.token_name} onChange={set('token_name')} />
      <Field id="log-model" label={t('log.modelName')} value={form.model_name} onChange={set('model_name')} />
      <Field id="log-start" label={t('log.start')} type="datetime-local" value={form.start} onChange={set('start')} />
      <Field id="log-end" label={t('log.end')} type="datetime-local" value={form.end} onChange={set('end')} />
      {admin && <Field id="log-username" label={t('log.username')} value={form.username} onChange={set('username')} />}
      {admin && <Field id="log-channel" label={t('log.channel')} value={form.channel} onChange={set('channel')} />}
      <div>
        <label htmlFor="log-type" className={input.label}>{t('log.type')}</label>
        <select id="log-type" className={input.base} value={form.type} onChange={(e) => setForm({ ...form, type: Number(e.target.value) })}>
          {LOG_TYPES.map((type) => <option key={type} value={type}>{t(`log.type.${type}` as MessageKey)}</option>)}
        </select>
      </div>
      <div className="flex items-end">
        <Button onClick={search}>{t('log.search')}</Button>
      </div>
    </div>
  );
}
