import { useState } from 'react';
import { lastPageOf } from '../../api/page';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { SortableTable } from '../../components/ui/sortable-table';
import { input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { AdminUser } from './api';
import { USER_PAGE_SIZE, useGroups, useUsers } from './hooks/use-users';
import { UserPanel } from './sections/user-panel';
import { useUserColumns } from './sections/user-columns';

/** Panel state: closed, adding, or editing a user. */
type Editing = { user: AdminUser | null } | null;

/** Administrators' user management: search by keyword and group, add and edit in side panels, manage each user. */
export function UserPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const { data } = useUsers(page, keyword.trim(), group);
  const { data: groups } = useGroups();
  const lastPage = lastPageOf(data?.total, USER_PAGE_SIZE);
  const columns = useUserColumns((user) => setEditing({ user }));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <input aria-label={t('user.search')} placeholder={t('user.search')} className={`${input.base} max-w-sm`} value={keyword} onChange={(e) => { setKeyword(e.target.value); setPage(1); }} />
        <select aria-label={t('user.group')} className={`${input.base} max-w-[10rem]`} value={group} onChange={(e) => { setGroup(e.target.value); setPage(1); }}>
          <option value="">{t('user.allGroups')}</option>
          {(groups ?? []).map((g) => <option key={g} value={g}>{g}</option>)}
        </select>
        <Button onClick={() => setEditing({ user: null })}>{t('user.add')}</Button>
      </div>
      {/* Server-paged (new-api's user list takes no sort): a header sorts the page shown. */}
      <SortableTable id="user" columns={columns} rows={data?.items} rowKey={(user) => user.id} caption={t('nav.user')} rowProps={(user) => ({ 'data-user-id': user.id })}
        empty={<EmptyState title={t('log.noData')} action={{ label: t('empty.firstUser'), onClick: () => setEditing({ user: null }) }} />} />
      <Pager page={page} lastPage={lastPage} onPage={setPage} />
      {editing && <UserPanel key={editing.user?.id ?? 'new'} user={editing.user} onClose={() => setEditing(null)} />}
    </div>
  );
}
