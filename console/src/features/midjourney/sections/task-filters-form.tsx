import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { input } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { localInputToSeconds, toLocalInput } from '../../../lib/datetime';
import type { TaskFilters } from '../api';

/**
 * Channel ID (admins), task ID and time range. `unitMs` is what one unit of the list's timestamps
 * is worth: the drawing list takes milliseconds, the task list seconds.
 */
export function TaskFiltersForm({ admin, initialStart, unitMs, onApply }: { admin: boolean; initialStart: number; unitMs: number; onApply(filters: TaskFilters): void }) {
  const t = useT();
  const [channel, setChannel] = useState('');
  const [taskId, setTaskId] = useState('');
  const [start, setStart] = useState(toLocalInput(initialStart));
  const [end, setEnd] = useState('');
  const toUnit = (value: string) => {
    const seconds = localInputToSeconds(value);
    return typeof seconds === 'number' ? Math.floor((seconds * 1000) / unitMs) : undefined;
  };
  const apply = () => onApply({ channel_id: admin && channel ? Number(channel) : undefined, task_id: taskId.trim() || undefined, start_timestamp: toUnit(start), end_timestamp: toUnit(end) });
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      {admin && <input aria-label={t('task.channelId')} placeholder={t('task.channelId')} className={`${input.base} max-w-32`} value={channel} onChange={(e) => setChannel(e.target.value)} />}
      <input aria-label={t('task.taskId')} placeholder={t('task.taskId')} className={`${input.base} max-w-48`} value={taskId} onChange={(e) => setTaskId(e.target.value)} />
      <input aria-label={t('task.start')} type="datetime-local" className={`${input.base} max-w-56`} value={start} onChange={(e) => setStart(e.target.value)} />
      <input aria-label={t('task.end')} type="datetime-local" className={`${input.base} max-w-56`} value={end} onChange={(e) => setEnd(e.target.value)} />
      <Button type="submit">{t('task.query')}</Button>
    </form>
  );
}
