import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { input, table } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/zh';
import type { AdminUser } from './api';
import { USER_PAGE_SIZE, useGroups, useUsers } from './hooks/use-users';
import { UserPanel } from './sections/user-panel';
import { UserRow } from './sections/user-row';

const COLUMNS: MessageKey[] = ['user.id', 'user.username', 'user.group', 'user.stats', 'user.role', 'user.status', 'user.actions'];

/** Panel state: closed, adding, or editing a user. */
type Editing = { user: AdminUser | null } | null;

/** Administrators' user management: search by keyword and group, add and edit in side panels, manage each user. */
export function UserPage() {
  const t = useT();
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const { data } = useUsers(page, keyword.trim(), group);
  const { data: groups } = useGroups();
  const lastPage = Math.max(0, Math.ceil((data?.total ?? 0) / USER_PAGE_SIZE) - 1);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <input aria-label={t('user.search')} placeholder={t('user.search')} className={`${input.base} max-w-sm`} value={keyword} onChange={(e) => { setKeyword(e.target.value); setPage(0); }} />
        <select aria-label={t('user.group')} className={`${input.base} max-w-[10rem]`} value={group} onChange={(e) => { setGroup(e.target.value); setPage(0); }}>
          <option value="">{t('user.allGroups')}</option>
          {(groups ?? []).map((g) => <option key={g} value={g}>{g}</option>)}
        </select>
        <Button onClick={() => setEditing({ user: null })}>{t('user.add')}</Button>
      </div>
      <div className={table.wrap}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>{COLUMNS.map((c) => <th key={c} className={table.cell}>{t(c)}</th>)}</tr>
          </thead>
          <tbody className={table.body}>
            {data?.items.map((user) => <UserRow key={user.id} user={user} onEdit={() => setEditing({ user })} />)}
          </tbody>
        </table>
        {data?.items.length === 0 && <p className="p-4 text-center text-sm text-slate-500">{t('log.noData')}</p>}
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Button variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>{t('page.prev')}</Button>
        <span>{page + 1} / {lastPage + 1}</span>
        <Button variant="outline" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>{t('page.next')}</Button>
      </div>
      {editing && <UserPanel key={editing.user?.id ?? 'new'} user={editing.user} onClose={() => setEditing(null)} />}
    </div>
  );
}
