import { button } from '../../../components/ui/tokens';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { ROOT_ROLE, useStoredUser } from '../../../lib/stored-user';
import { userApi } from '../api';

/** Root's "sign out everywhere" for one user (DELETE /api/user/:id/sessions); nothing for others. */
export function EndSessionsButton({ userId }: { userId: number }) {
  const t = useT();
  const notify = useToast();
  const me = useStoredUser();
  if ((me?.role ?? 0) < ROOT_ROLE) return null;
  const endSessions = async () => {
    try {
      notify(t('user.sessionsEnded', { count: await userApi.endSessions(userId) }));
    } catch {
      // The client showed the server's message.
    }
  };
  return (
    <button type="button" className={`${button.base} ${button.variant.outline} mt-4`} onClick={() => void endSessions()}>
      {t('user.endSessions')}
    </button>
  );
}
