import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const optionsKey = ['options'] as const;

export const optionApi = {
  list: (signal?: AbortSignal) => api<{ key: string; value: string }[]>('GET', '/api/option/', undefined, { signal }),
  /** Quiet: the editor shows the server's refusal itself. */
  update: (key: string, value: string) => api('PUT', '/api/option/', { key, value }, { quiet: true }),
  resetModelRatio: () => api('POST', '/api/option/rest_model_ratio'),
  /** Quiet: a failure is shown as the spec's 日志清理失败： plus the reason. */
  deleteLogsBefore: (timestamp: number) => api<number>('DELETE', `/api/log/?target_timestamp=${timestamp}`, undefined, { quiet: true }),
};

/** Every stored option (secrets excluded by the server), as a key → value map. */
export function useOptions() {
  return useQuery({
    queryKey: optionsKey,
    queryFn: async ({ signal }) => Object.fromEntries((await optionApi.list(signal)).map(({ key, value }) => [key, value])) as Record<string, string>,
  });
}
