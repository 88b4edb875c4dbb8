import type { Column } from '../../../components/ui/sortable-table';
import { type Translate, useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import type { AuditEvent } from '../api';

/** Security events (a user's own credentials, the first-run wizard) read as words; admin writes keep their type name. */
const securityKinds = new Set<string>(['SetupCompleted', 'PasswordChanged', 'PasswordReset', 'TwoFactorEnabled', 'TwoFactorDisabled', 'TwoFactorBackupCodesRegenerated', 'EmailBound', 'AccountLinked', 'AccessTokenGenerated']);
const typeLabel = (t: Translate, type: string) => (securityKinds.has(type) ? `${t(`audit.kind.${type}` as Parameters<Translate>[0])} (${type})` : type);

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** An event's before and after (secrets arrive masked), and its detail, behind a disclosure. */
function AuditChange({ event }: { event: AuditEvent }) {
  const t = useT();
  return (
    <details>
      <summary className="cursor-pointer">{t('audit.change')}</summary>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('audit.before')}</p>
      <pre data-testid="audit-before" className="max-w-md whitespace-pre-wrap break-all text-xs">{shown(event.before)}</pre>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('audit.after')}</p>
      <pre data-testid="audit-after" className="max-w-md whitespace-pre-wrap break-all text-xs">{shown(event.after)}</pre>
      {event.detail !== null && <><p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('audit.detail')}</p><pre className="max-w-md whitespace-pre-wrap break-all text-xs">{shown(event.detail)}</pre></>}
    </details>
  );
}

/** The audit trail's columns: when, what, who from where, on what, and the change. */
export function useAuditColumns(): Column<AuditEvent>[] {
  const t = useT();
  return [
    { id: 'time', label: t('audit.time'), required: true, cell: (event) => formatTime(Math.floor(event.occurred_at / 1000)), sortValue: (event) => event.occurred_at },
    { id: 'type', label: t('audit.type'), cell: (event) => typeLabel(t, event.type), sortValue: (event) => event.type },
    { id: 'actor', label: t('audit.actor'), cell: (event) => `${event.actor_name} (#${event.actor_id})`, sortValue: (event) => event.actor_name },
    { id: 'address', label: t('audit.address'), cell: (event) => event.address, sortValue: (event) => event.address },
    { id: 'target', label: t('audit.target'), cell: (event) => `${event.target_kind} ${event.target_id}`, sortValue: (event) => `${event.target_kind} ${event.target_id}` },
    { id: 'change', label: t('audit.change'), cell: (event) => <AuditChange event={event} /> },
  ];
}
