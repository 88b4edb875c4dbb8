import { table } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import type { AuditEvent } from '../api';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** One event: when, what, who from where, on what, and its before and after (secrets arrive masked). */
export function AuditRow({ event }: { event: AuditEvent }) {
  const t = useT();
  return (
    <tr data-testid="audit-row" className="align-top">
      <td className={table.cell}>{formatTime(Math.floor(event.occurred_at / 1000))}</td>
      <td className={table.cell}>{event.type}</td>
      <td className={table.cell}>{event.actor_name} (#{event.actor_id})</td>
      <td className={table.cell}>{event.address}</td>
      <td className={table.cell}>{event.target_kind} {event.target_id}</td>
      <td className={table.cell}>
        <details>
          <summary className="cursor-pointer">{t('audit.change')}</summary>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('audit.before')}</p>
          <pre data-testid="audit-before" className="max-w-md whitespace-pre-wrap break-all text-xs">{shown(event.before)}</pre>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('audit.after')}</p>
          <pre data-testid="audit-after" className="max-w-md whitespace-pre-wrap break-all text-xs">{shown(event.after)}</pre>
          {event.detail !== null && <><p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('audit.detail')}</p><pre className="max-w-md whitespace-pre-wrap break-all text-xs">{shown(event.detail)}</pre></>}
        </details>
      </td>
    </tr>
  );
}
