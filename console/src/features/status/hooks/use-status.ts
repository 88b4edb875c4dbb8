import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { QuotaDisplay } from '../../lib/quota';

/** The server status object of the spec (the fields the console reads). */
export interface ServerStatus {
  system_name: string;
  logo: string;
  footer_html: string;
  notice?: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  default_collapse_sidebar: boolean;
  email_verification: boolean;
}

export function useStatus() {
  return useQuery({ queryKey: ['status'], queryFn: () => api<ServerStatus>('GET', '/api/status'), staleTime: 60_000 });
}

export function useQuotaDisplay(): QuotaDisplay {
  const { data } = useStatus();
  return { displayInCurrency: data?.display_in_currency ?? false, quotaPerUnit: data?.quota_per_unit ?? 500_000 };
}
