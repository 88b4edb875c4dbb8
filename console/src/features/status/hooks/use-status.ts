import { useQuery } from '@tanstack/react-query';
import { QuotaDisplayType } from '@tollgate/wire';
import type { QuotaDisplay } from '../../../lib/quota';
import { statusApi, type ServerStatus } from '../api';
import { rememberStatusFlags } from '../remembered-flags';

export const STATUS_KEY = 'status';
const DEFAULT_QUOTA_PER_UNIT = 500_000;

/** The last status seen, so the shell (name, logo, footer, flags) renders before the call returns. */
function rememberedStatus(): ServerStatus | undefined {
  try {
    const raw = localStorage.getItem(STATUS_KEY);
    return raw ? (JSON.parse(raw) as ServerStatus) : undefined;
  } catch {
    return undefined;
  }
}

async function fetchStatus(signal: AbortSignal): Promise<ServerStatus> {
  const status = await statusApi.status(signal);
  localStorage.setItem(STATUS_KEY, JSON.stringify(status));
  rememberStatusFlags(status);
  return status;
}

/** GET /api/status, kept in localStorage `status` as the spec's console does. */
export function useStatus() {
  return useQuery({
    queryKey: ['status'],
    queryFn: ({ signal }) => fetchStatus(signal),
    initialData: rememberedStatus,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** How quota is shown everywhere (general_setting.quota_display_type and its currency). */
export function useQuotaDisplay(): QuotaDisplay {
  const { data } = useStatus();
  const type = data?.quota_display_type ?? QuotaDisplayType.USD;
  const perDollar = type === QuotaDisplayType.CNY ? data?.usd_exchange_rate : data?.custom_currency_exchange_rate;
  return { displayInCurrency: data?.display_in_currency ?? false, quotaPerUnit: data?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT, type, perDollar, symbol: data?.custom_currency_symbol };
}
