import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { DataTable } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { Pager } from '../../components/ui/pager';
import { table } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { formatTime } from '../../lib/datetime';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useLiveTaskRows } from '../../live/use-live-task-rows';
import type { TaskFilters } from '../midjourney/api';
import { TASK_PAGE_SIZE } from '../midjourney/hooks/use-mj-tasks';
import { TaskFiltersForm } from '../midjourney/sections/task-filters-form';
import { DurationTag, ProgressBar, TaskStatusTag } from '../midjourney/sections/task-status';
import type { AsyncTask } from './api';
import { TASK_QUERY_KEY, useAsyncTasks } from './hooks/use-async-tasks';

const COLUMNS: MessageKey[] = ['task.submitTime', 'task.finishTime', 'task.progress', 'task.duration', 'task.channel', 'task.platform', 'task.type', 'task.taskId', 'task.statusColumn', 'task.failReason'];
const USER_COLUMNS = COLUMNS.filter((c) => c !== 'task.channel');

const todayMidnight = () => Math.floor(new Date().setHours(0, 0, 0, 0) / 1000);

function TaskRow({ task, admin, onDetail }: { task: AsyncTask; admin: boolean; onDetail(): void }) {
  const duration = task.finish_time > 0 ? task.finish_time - task.submit_time : null;
  return (
    <tr data-testid="task-row" className={table.row}>
      <td className={table.cell}>{formatTime(task.submit_time)}</td>
      <td className={table.cell}>{task.finish_time > 0 ? formatTime(task.finish_time) : '-'}</td>
      <td className={table.cell}><ProgressBar progress={task.progress} /> <span>{task.progress}</span></td>
      <td className={table.cell}><DurationTag seconds={duration} /></td>
      {admin && <td className={table.cell}>{task.channel_id}</td>}
      <td className={table.cell}>{task.platform}</td>
      <td className={table.cell}>{task.action}</td>
      <td className={table.cell}><button type="button" className="text-indigo-600 dark:text-indigo-400 underline" onClick={onDetail}>{task.task_id}</button></td>
      <td className={table.cell}><TaskStatusTag status={task.status} /></td>
      <td className={`${table.cell} max-w-xs truncate`}>{task.fail_reason || '-'}</td>
    </tr>
  );
}

/** Asynchronous tasks (spec: task page): filters, the table with live progress, a JSON detail per task, paging. */
export function TaskPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const [filters, setFilters] = useState<TaskFilters>({ start_timestamp: todayMidnight() });
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<AsyncTask | null>(null);
  const { data } = useAsyncTasks(filters, admin, page);
  useLiveTaskRows('suno', TASK_QUERY_KEY);
  const items = data?.items ?? [];
  const lastPage = lastPageOf(data?.total, TASK_PAGE_SIZE);
  return (
    <div className="space-y-4">
      <TaskFiltersForm admin={admin} unitMs={1000} initialStart={todayMidnight()} onApply={(next) => { setFilters(next); setPage(1); }} />
      <DataTable columns={admin ? COLUMNS : USER_COLUMNS} loading={!data} empty={items.length === 0}>
        {items.map((task) => <TaskRow key={task.id} task={task} admin={admin} onDetail={() => setDetail(task)} />)}
      </DataTable>
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
      <Dialog open={detail !== null} onClose={() => setDetail(null)} title={t('task.detail')}>
        <pre data-testid="task-detail" className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(detail, null, 2)}</pre>
      </Dialog>
    </div>
  );
}
