import { dict } from '@tollgate/wire';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';

const STATUS: Record<string, { label: MessageKey; colour: string }> = dict({
  SUCCESS: { label: 'task.status.success', colour: tag.green },
  NOT_START: { label: 'task.status.notStart', colour: tag.grey },
  SUBMITTED: { label: 'task.status.submitted', colour: tag.orange },
  QUEUED: { label: 'task.status.queued', colour: tag.orange },
  IN_PROGRESS: { label: 'task.status.inProgress', colour: tag.blue },
  FAILURE: { label: 'task.status.failure', colour: tag.red },
  MODAL: { label: 'task.status.modal', colour: tag.orange },
  UNKNOWN: { label: 'task.status.unknown', colour: tag.grey },
  '': { label: 'task.status.submitting', colour: tag.grey },
});

/** A task status of the spec as a coloured tag; anything else shows as unknown. */
export function TaskStatusTag({ status }: { status: string }) {
  const t = useT();
  const shown = STATUS[status] ?? (STATUS.UNKNOWN as { label: MessageKey; colour: string });
  return <span data-testid="task-status" className={`${tag.base} ${shown.colour}`}>{t(shown.label)}</span>;
}

/** The spec's duration colouring: over 60 s is red. */
export function DurationTag({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <span>-</span>;
  return <span className={`${tag.base} ${seconds > 60 ? tag.red : tag.green}`}>{seconds.toFixed(1)} s</span>;
}

export function ProgressBar({ progress }: { progress: string }) {
  const percent = Math.min(100, Number.parseFloat(progress) || 0);
  return (
    <div role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} data-testid="task-progress" className="h-2 w-24 rounded bg-slate-200 dark:bg-slate-800">
      <div className="h-2 rounded bg-indigo-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
