import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { table, tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { MessageKey } from '../../../i18n/zh';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { AdminUser } from '../api';
import { useManageUser } from '../hooks/use-users';

const ROOT = 100;
const ADMIN = 10;
const roleKey = (role: number): MessageKey => ([1, ADMIN, ROOT].includes(role) ? (`user.role.${role}` as MessageKey) : 'user.role.unknown');
const statusKey = (status: number): MessageKey => ([1, 2].includes(status) ? (`user.status.${status}` as MessageKey) : 'user.status.unknown');

/** One user; a deactivated one shows as deleted with no actions, as the spec says. */
export function UserRow({ user, onEdit }: { user: AdminUser; onEdit(): void }) {
  const t = useT();
  const display = useQuotaDisplay();
  const manage = useManageUser();
  const [confirming, setConfirming] = useState(false);
  const deleted = user.DeletedAt !== null;
  return (
    <tr data-testid="user-row" data-user-id={user.id} className={table.row}>
      <td className={table.cell}>{user.id}</td>
      <td className={table.cell}>{user.username}{user.display_name && user.display_name !== user.username ? ` (${user.display_name})` : ''}</td>
      <td className={table.cell}><span className={`${tag.base} ${tag.blue}`}>{user.group}</span></td>
      <td className={table.cell}>{formatQuota(user.quota, display)} / {formatQuota(user.used_quota, display)} / {user.request_count}</td>
      <td className={table.cell}>{t(roleKey(user.role))}</td>
      <td className={table.cell}>
        <span className={`${tag.base} ${deleted ? tag.grey : user.status === 1 ? tag.green : tag.red}`}>{t(deleted ? 'user.deleted' : statusKey(user.status))}</span>
      </td>
      <td className={`${table.cell} flex flex-wrap gap-1`}>
        {!deleted && (
          <>
            <Button variant="ghost" onClick={() => manage(user.id, 'promote')}>{t('user.promote')}</Button>
            <Button variant="ghost" onClick={() => manage(user.id, 'demote')}>{t('user.demote')}</Button>
            {user.status === 1 && <Button variant="ghost" onClick={() => manage(user.id, 'disable')}>{t('user.disable')}</Button>}
            {user.status === 2 && <Button variant="ghost" onClick={() => manage(user.id, 'enable')}>{t('user.enable')}</Button>}
            <Button variant="outline" onClick={onEdit}>{t('user.edit')}</Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>{t('user.delete')}</Button>
            <ConfirmDialog open={confirming} title={t('user.confirmDelete')} confirmLabel={t('user.delete')} cancelLabel={t('token.cancel')} onConfirm={() => manage(user.id, 'delete')} onClose={() => setConfirming(false)} />
          </>
        )}
      </td>
    </tr>
  );
}
