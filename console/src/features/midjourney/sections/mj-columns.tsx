import type { Column } from '../../../components/ui/sortable-table';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatTime } from '../../../lib/datetime';
import type { MjTask } from '../api';
import { DurationTag, ProgressBar, TaskStatusTag } from './task-status';

const SUBMIT_CODES: Record<number, MessageKey> = { 1: 'mj.code.submitted', 21: 'mj.code.waiting', 22: 'mj.code.duplicate', 0: 'mj.code.notSubmitted' };
const durationOf = (task: MjTask) => (task.finish_time > 0 ? (task.finish_time - task.submit_time) / 1000 : null);

/** The drawing task list's columns (the channel for admins only); times here are in ms. */
export function useMjColumns(admin: boolean): Column<MjTask>[] {
  const t = useT();
  const channel: Column<MjTask> = { id: 'channel', label: t('task.channel'), numeric: true, cell: (task) => task.channel_id, sortValue: (task) => task.channel_id };
  return [
    { id: 'submitTime', label: t('task.submitTime'), required: true, cell: (task) => formatTime(Math.floor(task.submit_time / 1000)), sortValue: (task) => task.submit_time },
    { id: 'duration', label: t('task.duration'), cell: (task) => <DurationTag seconds={durationOf(task)} />, sortValue: (task) => durationOf(task) ?? Number.MAX_SAFE_INTEGER },
    ...(admin ? [channel] : []),
    { id: 'type', label: t('task.type'), cell: (task) => task.action, sortValue: (task) => task.action },
    { id: 'taskId', label: t('task.taskId'), cell: (task) => task.mj_id, sortValue: (task) => task.mj_id },
    { id: 'code', label: t('mj.code'), cell: (task) => t(SUBMIT_CODES[task.code] ?? 'task.status.unknown'), sortValue: (task) => task.code },
    { id: 'status', label: t('task.statusColumn'), cell: (task) => <TaskStatusTag status={task.status} />, sortValue: (task) => task.status },
    { id: 'progress', label: t('task.progress'), cell: (task) => <><ProgressBar progress={task.progress} /> <span>{task.progress}</span></>, sortValue: (task) => Number.parseInt(task.progress, 10) || 0 },
    {
      id: 'image', label: t('mj.image'),
      cell: (task) => (task.image_url ? <a href={task.image_url} target="_blank" rel="noreferrer"><img src={task.image_url} alt={task.mj_id} className="h-10 w-10 rounded object-cover" /></a> : t('mj.noImage')),
    },
    { id: 'prompt', label: t('mj.prompt'), cell: (task) => <span className="block max-w-xs truncate" title={task.prompt_en}>{task.prompt}</span>, sortValue: (task) => task.prompt },
    { id: 'failReason', label: t('task.failReason'), cell: (task) => <span className="block max-w-xs truncate">{task.fail_reason || '-'}</span>, sortValue: (task) => task.fail_reason },
  ];
}
