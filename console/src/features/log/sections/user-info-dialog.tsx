import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import { useUserInfo } from '../hooks/use-user-info';

/** For administrators: who a log row's user is (group, balance, usage), opened from the username. */
export function UserInfoDialog({ username, onClose }: { username: string | null; onClose(): void }) {
  const t = useT();
  const display = useQuotaDisplay();
  const { data: user, isLoading } = useUserInfo(username);
  const lines: [string, string][] = user
    ? [
        [t('log.info.username'), user.username],
        [t('log.info.displayName'), user.display_name || '-'],
        [t('log.info.group'), user.group],
        [t('log.info.email'), user.email || '-'],
        [t('log.info.quota'), formatQuota(user.quota, display)],
        [t('log.info.used'), formatQuota(user.used_quota, display)],
        [t('log.info.requests'), String(user.request_count)],
      ]
    : [];
  return (
    <Dialog open={username !== null} onClose={onClose} title={t('log.info.title')}>
      {isLoading && <p className="text-sm text-slate-500 dark:text-slate-400">{t('common.loading')}</p>}
      {!isLoading && !user && <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">{t('user.notFound')}</p>}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {lines.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd data-testid="user-info-value">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
