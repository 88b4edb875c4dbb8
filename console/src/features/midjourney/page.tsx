import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { DataTable } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { banner, table } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import { formatTime } from '../../lib/datetime';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useLiveTaskRows } from '../../live/use-live-task-rows';
import { useStatus } from '../status/hooks/use-status';
import type { MjTask, TaskFilters } from './api';
import { MJ_QUERY_KEY, TASK_PAGE_SIZE, useMjTasks } from './hooks/use-mj-tasks';
import { TaskFiltersForm } from './sections/task-filters-form';
import { DurationTag, ProgressBar, TaskStatusTag } from './sections/task-status';

const COLUMNS: MessageKey[] = ['task.submitTime', 'task.duration', 'task.channel', 'task.type', 'task.taskId', 'mj.code', 'task.statusColumn', 'task.progress', 'mj.image', 'mj.prompt', 'task.failReason'];
const USER_COLUMNS = COLUMNS.filter((c) => c !== 'task.channel');
const SUBMIT_CODES: Record<number, MessageKey> = { 1: 'mj.code.submitted', 21: 'mj.code.waiting', 22: 'mj.code.duplicate', 0: 'mj.code.notSubmitted' };
const THIRTY_DAYS_S = 30 * 86_400;

function MjRow({ task, admin }: { task: MjTask; admin: boolean }) {
  const t = useT();
  const duration = task.finish_time > 0 ? (task.finish_time - task.submit_time) / 1000 : null;
  return (
    <tr data-testid="mj-row" className={table.row}>
      <td className={table.cell}>{formatTime(Math.floor(task.submit_time / 1000))}</td>
      <td className={table.cell}><DurationTag seconds={duration} /></td>
      {admin && <td className={table.cell}>{task.channel_id}</td>}
      <td className={table.cell}>{task.action}</td>
      <td className={table.cell}>{task.mj_id}</td>
      <td className={table.cell}>{t(SUBMIT_CODES[task.code] ?? 'task.status.unknown')}</td>
      <td className={table.cell}><TaskStatusTag status={task.status} /></td>
      <td className={table.cell}><ProgressBar progress={task.progress} /> <span>{task.progress}</span></td>
      <td className={table.cell}>{task.image_url ? <a href={task.image_url} target="_blank" rel="noreferrer"><img src={task.image_url} alt={task.mj_id} className="h-10 w-10 rounded object-cover" /></a> : t('mj.noImage')}</td>
      <td className={`${table.cell} max-w-xs truncate`} title={task.prompt_en}>{task.prompt}</td>
      <td className={`${table.cell} max-w-xs truncate`}>{task.fail_reason || '-'}</td>
    </tr>
  );
}

/** Drawing tasks (spec: Midjourney page): filters, the task table with live progress, paging. */
export function MidjourneyPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const { data: status } = useStatus();
  const [filters, setFilters] = useState<TaskFilters>({ start_timestamp: (Math.floor(Date.now() / 1000) - THIRTY_DAYS_S) * 1000 });
  const [page, setPage] = useState(1);
  const { data } = useMjTasks(filters, admin, page);
  useLiveTaskRows('mj', MJ_QUERY_KEY);
  const items = data?.items ?? [];
  const lastPage = lastPageOf(data?.total, TASK_PAGE_SIZE);
  return (
    <div className="space-y-4">
      {admin && status && !status.mj_notify_enabled && <p role="note" className={banner.info}>{t('mj.callbackOff')}</p>}
      <TaskFiltersForm admin={admin} unitMs={1} initialStart={Math.floor(Date.now() / 1000) - THIRTY_DAYS_S} onApply={(next) => { setFilters(next); setPage(1); }} />
      <DataTable columns={admin ? COLUMNS : USER_COLUMNS} loading={!data} empty={items.length === 0}>
        {items.map((task) => <MjRow key={task.id} task={task} admin={admin} />)}
      </DataTable>
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
    </div>
  );
}
