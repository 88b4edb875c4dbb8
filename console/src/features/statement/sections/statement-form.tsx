import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { card, input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { STATEMENT_FORMATS, type StatementFormat, type StatementRequest, statementApi } from '../api';

const DAY = 86_400;

/** A `YYYY-MM-DD` date input as the epoch second its UTC day starts; null when empty or unreadable. */
function utcDay(value: string): number | null {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) ? null : time / 1000;
}

const firstOfThisMonth = () => new Date().toISOString().slice(0, 8) + '01';
const today = () => new Date().toISOString().slice(0, 10);

/** The period (whole UTC days, the end day included), the format and, for administrators, the user; downloads the statement. */
export function StatementForm({ admin }: { admin: boolean }) {
  const t = useT();
  const [start, setStart] = useState(firstOfThisMonth);
  const [end, setEnd] = useState(today);
  const [format, setFormat] = useState<StatementFormat>('csv');
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const download = async () => {
    const from = utcDay(start);
    const to = utcDay(end);
    if (from === null || to === null || to < from) return setError(t('statement.badRange'));
    setError('');
    const request: StatementRequest = { start: from, end: to + DAY, format, ...(userId ? { userId: Number(userId) } : {}) };
    setBusy(true);
    await statementApi.download(request, admin).catch(() => undefined);
    setBusy(false);
  };
  return (
    <section className={`${card} space-y-3`}>
      <h2 className="text-lg font-semibold">{t('statement.title')}</h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('statement.hint')}</p>
      <div className="grid gap-3 md:grid-cols-4">
        <Field id="statement-start" type="date" label={t('statement.start')} value={start} onChange={(e) => setStart(e.target.value)} />
        <Field id="statement-end" type="date" label={t('statement.end')} value={end} onChange={(e) => setEnd(e.target.value)} />
        <div>
          <label htmlFor="statement-format" className={input.label}>{t('statement.format')}</label>
          <select id="statement-format" className={input.base} value={format} onChange={(e) => setFormat(e.target.value as StatementFormat)}>
            {STATEMENT_FORMATS.map((f) => <option key={f} value={f}>{f.toUpperCase()}</option>)}
          </select>
        </div>
        {admin && <Field id="statement-user" inputMode="numeric" label={t('statement.userId')} value={userId} onChange={(e) => setUserId(e.target.value.replace(/\D/g, ''))} />}
      </div>
      {error && <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">{error}</p>}
      <Button data-testid="statement-download" disabled={busy} onClick={() => void download()}>{busy ? t('statement.downloading') : t('statement.download')}</Button>
    </section>
  );
}
