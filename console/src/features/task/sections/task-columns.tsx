import type { Column } from '../../../components/ui/sortable-table';
import { useT } from '../../../i18n';
import { formatTime } from '../../../lib/datetime';
import { DurationTag, ProgressBar, TaskStatusTag } from '../../midjourney/sections/task-status';
import type { AsyncTask } from '../api';
import { VideoPreview } from './video-preview';

const durationOf = (task: AsyncTask) => (task.finish_time > 0 ? task.finish_time - task.submit_time : null);

/** The async task list's columns (the channel for admins only); a task id opens its JSON detail. */
export function useTaskColumns(admin: boolean, onDetail: (task: AsyncTask) => void): Column<AsyncTask>[] {
  const t = useT();
  const channel: Column<AsyncTask> = { id: 'channel', label: t('task.channel'), numeric: true, cell: (task) => task.channel_id, sortValue: (task) => task.channel_id };
  return [
    { id: 'submitTime', label: t('task.submitTime'), required: true, cell: (task) => formatTime(task.submit_time), sortValue: (task) => task.submit_time },
    { id: 'finishTime', label: t('task.finishTime'), cell: (task) => (task.finish_time > 0 ? formatTime(task.finish_time) : '-'), sortValue: (task) => task.finish_time },
    { id: 'progress', label: t('task.progress'), cell: (task) => <><ProgressBar progress={task.progress} /> <span>{task.progress}</span></>, sortValue: (task) => Number.parseInt(task.progress, 10) || 0 },
    { id: 'duration', label: t('task.duration'), cell: (task) => <DurationTag seconds={durationOf(task)} />, sortValue: (task) => durationOf(task) ?? Number.MAX_SAFE_INTEGER },
    ...(admin ? [channel] : []),
    { id: 'platform', label: t('task.platform'), cell: (task) => task.platform, sortValue: (task) => task.platform },
    { id: 'type', label: t('task.type'), cell: (task) => task.action, sortValue: (task) => task.action },
    {
      id: 'taskId', label: t('task.taskId'), required: true, sortValue: (task) => task.task_id,
      cell: (task) => <button type="button" className="text-indigo-600 underline dark:text-indigo-400" onClick={() => onDetail(task)}>{task.task_id}</button>,
    },
    { id: 'status', label: t('task.statusColumn'), cell: (task) => <TaskStatusTag status={task.status} />, sortValue: (task) => task.status },
    { id: 'preview', label: t('task.preview'), cell: (task) => <VideoPreview url={task.result_url} /> },
    { id: 'failReason', label: t('task.failReason'), cell: (task) => <span className="block max-w-xs truncate">{task.fail_reason || '-'}</span>, sortValue: (task) => task.fail_reason },
  ];
}
