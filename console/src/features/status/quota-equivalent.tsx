import { useT } from '../../i18n';
import { displayCurrency, formatQuota } from '../../lib/quota';
import { useQuotaDisplay } from './hooks/use-status';

/** Under a quota input: what the number is worth in dollars when the server shows currency (new-api's 等价金额). */
export function QuotaEquivalent({ quota, testId }: { quota: number; testId: string }) {
  const t = useT();
  const display = useQuotaDisplay();
  if (!displayCurrency(display)) return null;
  return (
    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid={testId}>
      {t('quota.equivalent', { amount: formatQuota(quota, display) })}
    </p>
  );
}
