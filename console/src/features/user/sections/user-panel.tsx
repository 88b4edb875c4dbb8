import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../i18n';
import type { AdminUser } from '../api';
import { UserForm } from './user-form';

/** The side panel of the user list: the user form, for a new user or the one being edited. */
export function UserPanel({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const t = useT();
  return (
    <Dialog side="right" open onClose={onClose} title={t(user ? 'user.edit' : 'user.add')}>
      <UserForm user={user} onDone={onClose} />
    </Dialog>
  );
}
