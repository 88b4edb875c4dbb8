import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { SortableTable } from '../../components/ui/sortable-table';
import { banner } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { isAdmin, useStoredUser } from '../../lib/stored-user';
import { useLiveTaskRows } from '../../live/use-live-task-rows';
import { useStatus } from '../status/hooks/use-status';
import type { TaskFilters } from './api';
import { MJ_QUERY_KEY, TASK_PAGE_SIZE, useMjTasks } from './hooks/use-mj-tasks';
import { TaskFiltersForm } from './sections/task-filters-form';
import { useMjColumns } from './sections/mj-columns';

const THIRTY_DAYS_S = 30 * 86_400;

/** Drawing tasks (spec: Midjourney page): filters, the task table with live progress, paging. */
export function MidjourneyPage() {
  const t = useT();
  const admin = isAdmin(useStoredUser());
  const { data: status } = useStatus();
  const [initialStart] = useState(() => Math.floor(Date.now() / 1000) - THIRTY_DAYS_S);
  const [filters, setFilters] = useState<TaskFilters>({ start_timestamp: initialStart * 1000 });
  const [page, setPage] = useState(1);
  const { data } = useMjTasks(filters, admin, page);
  useLiveTaskRows(['mj'], MJ_QUERY_KEY);
  const columns = useMjColumns(admin);
  const lastPage = lastPageOf(data?.total, TASK_PAGE_SIZE);
  return (
    <div className="space-y-4">
      {admin && status && !status.mj_notify_enabled && <p role="note" className={banner.info}>{t('mj.callbackOff')}</p>}
      <TaskFiltersForm admin={admin} unitMs={1} initialStart={initialStart} onApply={(next) => { setFilters(next); setPage(1); }} />
      {/* Server-paged (new-api's task list takes no sort): a header sorts the page shown. */}
      <SortableTable id="mj" columns={columns} rows={data?.items} rowKey={(task) => task.id} caption={t('nav.midjourney')} empty={<EmptyState title={t('log.noData')} />} />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
    </div>
  );
}
