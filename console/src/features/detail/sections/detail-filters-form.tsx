import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { localInputToSeconds, toLocalInput } from '../../../lib/datetime';
import { type DetailFilters, granularities } from '../api';

/** Range, bucket width and (admins) user; edits a draft and hands it over on 查询. */
export function DetailFiltersForm({ admin, value, onSearch }: { admin: boolean; value: DetailFilters; onSearch(filters: DetailFilters): void }) {
  const t = useT();
  const [form, setForm] = useState({ ...value, start: toLocalInput(value.start_timestamp), end: toLocalInput(value.end_timestamp) });
  const set = (key: 'start' | 'end' | 'username') => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const search = () => {
    const { start, end, ...rest } = form;
    onSearch({ ...rest, username: rest.username.trim(), start_timestamp: localInputToSeconds(start) ?? value.start_timestamp, end_timestamp: localInputToSeconds(end) ?? value.end_timestamp });
  };
  const options = granularities.map((g) => ({ value: g, label: t(`detail.granularity.${g}` as MessageKey) }));
  return (
    <form className="grid grid-cols-2 gap-2 md:grid-cols-5" onSubmit={(e) => { e.preventDefault(); search(); }}>
      <Field id="detail-start" label={t('log.start')} type="datetime-local" value={form.start} onChange={set('start')} />
      <Field id="detail-end" label={t('log.end')} type="datetime-local" value={form.end} onChange={set('end')} />
      <Select id="detail-granularity" label={t('detail.granularity')} value={form.granularity} options={options} onChange={(granularity) => setForm({ ...form, granularity })} />
      {admin && <Field id="detail-username" label={t('log.username')} value={form.username} onChange={set('username')} />}
      <div className="flex items-end">
        <Button type="submit">{t('log.search')}</Button>
      </div>
    </form>
  );
}
