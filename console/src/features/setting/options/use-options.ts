import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const optionsKey = ['options'] as const;

export const optionApi = {
  list: (signal?: AbortSignal) => api<{ key: string; value: string }[]>('GET', '/api/option/', undefined, { signal }),
  /** Quiet: the editor shows the server's refusal itself. */
  update: (key: string, value: string) => api('PUT', '/api/option/', { key, value }, { quiet: true }),
  resetModelRatio: () => api('POST', '/api/option/rest_model_ratio'),
  deleteLogsBefore: (timestamp: number) => api<number>('DELETE', `/api/log/?target_timestamp=${timestamp}`),
};

/** Every stored option (secrets excluded by the server), as a key → value map. */
export function useOptions() {
  return useQuery({
    queryKey: optionsKey,
    queryFn: async ({ signal }) => Object.fromEntries((await optionApi.list(signal)).map(({ key, value }) => [key, value])) as Record<string, string>,
  });
}
