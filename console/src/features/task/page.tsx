import { asyncTaskPlatforms } from '@tollgate/wire';
import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { SortableTable } from '../../components/ui/sortable-table';
import { useT } from '../../i18n';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useLiveTaskRows } from '../../live/use-live-task-rows';
import type { TaskFilters } from '../midjourney/api';
import { TASK_PAGE_SIZE } from '../midjourney/hooks/use-mj-tasks';
import { TaskFiltersForm } from '../midjourney/sections/task-filters-form';
import type { AsyncTask } from './api';
import { TASK_QUERY_KEY, useAsyncTasks } from './hooks/use-async-tasks';
import { useTaskColumns } from './sections/task-columns';

const todayMidnight = () => Math.floor(new Date().setHours(0, 0, 0, 0) / 1000);

/** Asynchronous tasks (spec: task page), Suno's and videos: filters, the table with live progress and video previews, a JSON detail per task, paging. */
export function TaskPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const [filters, setFilters] = useState<TaskFilters>({ start_timestamp: todayMidnight() });
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<AsyncTask | null>(null);
  const { data } = useAsyncTasks(filters, admin, page);
  useLiveTaskRows(asyncTaskPlatforms, TASK_QUERY_KEY);
  const columns = useTaskColumns(admin, setDetail);
  const lastPage = lastPageOf(data?.total, TASK_PAGE_SIZE);
  return (
    <div className="space-y-4">
      <TaskFiltersForm admin={admin} unitMs={1000} initialStart={todayMidnight()} onApply={(next) => { setFilters(next); setPage(1); }} />
      {/* Server-paged (new-api's task list takes no sort): a header sorts the page shown. */}
      <SortableTable id="task" columns={columns} rows={data?.items} rowKey={(task) => task.id} caption={t('nav.task')} empty={<EmptyState title={t('log.noData')} />} />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
      <Dialog open={detail !== null} onClose={() => setDetail(null)} title={t('task.detail')}>
        <pre data-testid="task-detail" className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(detail, null, 2)}</pre>
      </Dialog>
    </div>
  );
}
