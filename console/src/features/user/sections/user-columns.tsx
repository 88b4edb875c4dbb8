import { Role, UserStatus } from '@tollgate/wire';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import type { Column } from '../../../components/ui/sortable-table';
import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { UserSubscriptions } from '../../subscription/sections/user-subscriptions';
import type { AdminUser } from '../api';
import { useManageUser } from '../hooks/use-users';

const roles: number[] = Object.values(Role);
const statuses: number[] = Object.values(UserStatus);
const roleKey = (role: number): MessageKey => (roles.includes(role) ? (`user.role.${role}` as MessageKey) : 'user.role.unknown');
const statusKey = (status: number): MessageKey => (statuses.includes(status) ? (`user.status.${status}` as MessageKey) : 'user.status.unknown');
const isDeleted = (user: AdminUser) => user.DeletedAt !== null;

/** A deactivated user shows as deleted with no actions, as the spec says. */
function UserActions({ user, onEdit }: { user: AdminUser; onEdit(user: AdminUser): void }) {
  const t = useT();
  const manage = useManageUser();
  const [confirming, setConfirming] = useState(false);
  const [subscriptions, setSubscriptions] = useState(false);
  if (isDeleted(user)) return null;
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" onClick={() => manage(user.id, 'promote')}>{t('user.promote')}</Button>
      <Button variant="ghost" onClick={() => manage(user.id, 'demote')}>{t('user.demote')}</Button>
      {user.status === UserStatus.Enabled && <Button variant="ghost" onClick={() => manage(user.id, 'disable')}>{t('user.disable')}</Button>}
      {user.status === UserStatus.Disabled && <Button variant="ghost" onClick={() => manage(user.id, 'enable')}>{t('user.enable')}</Button>}
      <Button variant="outline" onClick={() => onEdit(user)}>{t('user.edit')}</Button>
      <Button variant="ghost" onClick={() => setSubscriptions(true)}>{t('plan.manage')}</Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>{t('user.delete')}</Button>
      <ConfirmDialog open={confirming} title={t('user.confirmDelete')} confirmLabel={t('user.delete')} cancelLabel={t('token.cancel')} onConfirm={() => manage(user.id, 'delete')} onClose={() => setConfirming(false)} />
      <Dialog open={subscriptions} onClose={() => setSubscriptions(false)} title={t('plan.manageOf', { name: user.username })}>
        {subscriptions && <UserSubscriptions userId={user.id} />}
      </Dialog>
    </div>
  );
}

/** The user list's columns; the stats column sorts by balance. */
export function useUserColumns(onEdit: (user: AdminUser) => void): Column<AdminUser>[] {
  const t = useT();
  const display = useQuotaDisplay();
  return [
    { id: 'id', label: t('user.id'), numeric: true, cell: (user) => user.id, sortValue: (user) => user.id },
    {
      id: 'username', label: t('user.username'), required: true, sortValue: (user) => user.username,
      cell: (user) => `${user.username}${user.display_name && user.display_name !== user.username ? ` (${user.display_name})` : ''}`,
    },
    { id: 'group', label: t('user.group'), cell: (user) => <span className={`${tag.base} ${tag.blue}`}>{user.group}</span>, sortValue: (user) => user.group },
    { id: 'stats', label: t('user.stats'), cell: (user) => `${formatQuota(user.quota, display)} / ${formatQuota(user.used_quota, display)} / ${user.request_count}`, sortValue: (user) => user.quota },
    { id: 'role', label: t('user.role'), cell: (user) => t(roleKey(user.role)), sortValue: (user) => user.role },
    {
      id: 'status', label: t('user.status'), sortValue: (user) => (isDeleted(user) ? 0 : user.status),
      cell: (user) => <span className={`${tag.base} ${isDeleted(user) ? tag.grey : user.status === UserStatus.Enabled ? tag.green : tag.red}`}>{t(isDeleted(user) ? 'user.deleted' : statusKey(user.status))}</span>,
    },
    { id: 'actions', label: t('user.actions'), required: true, cell: (user) => <UserActions user={user} onEdit={onEdit} /> },
  ];
}
