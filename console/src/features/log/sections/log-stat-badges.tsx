import { tag } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import { formatQuota } from '../../../lib/quota';
import { useQuotaDisplay } from '../../status/hooks/use-status';
import type { LogFilters } from '../filters';
import { useLogStat } from '../hooks/use-logs';
import type { Throughput } from '@tollgate/wire';

/** Total consumed quota, RPM and TPM for the current filters; RPM and TPM follow `live` when it is given. */
export function LogStatBadges({ filters, admin, live }: { filters: LogFilters; admin: boolean; live: Throughput | null }) {
  const t = useT();
  const display = useQuotaDisplay();
  const { data: stat } = useLogStat(filters, admin);
  const rpm = live?.rpm ?? stat?.rpm ?? 0;
  const tpm = live?.tpm ?? stat?.tpm ?? 0;
  return (
    <div className="flex flex-wrap gap-2" data-testid="log-stat">
      <span className={`${tag.base} ${tag.blue}`} data-testid="log-stat-quota" data-quota={stat?.quota ?? 0}>
        {t('log.quota')}: {formatQuota(stat?.quota ?? 0, display)}
      </span>
      <span className={`${tag.base} ${tag.grey}`} data-testid="log-stat-rpm">RPM: {rpm}</span>
      <span className={`${tag.base} ${tag.grey}`} data-testid="log-stat-tpm">TPM: {tpm}</span>
    </div>
  );
}
