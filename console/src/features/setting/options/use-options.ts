import type { AffinityCacheStats } from '@tollgate/wire';
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
  /** null when the answer is not the statistics (a server without them): the card then shows none. */
  affinityCache: async (signal?: AbortSignal) => {
    const data = await api<unknown>('GET', '/api/option/channel_affinity_cache', undefined, { signal });
    return isAffinityStats(data) ? data : null;
  },
  /** One rule's entries, or with null every entry (new-api's `?all=true`). */
  clearAffinityCache: (ruleName: string | null) =>
    api<{ deleted: number }>('DELETE', `/api/option/channel_affinity_cache?${ruleName === null ? 'all=true' : `rule_name=${encodeURIComponent(ruleName)}`}`),
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isAffinityStats = (value: unknown): value is AffinityCacheStats =>
  isRecord(value) && typeof value.total === 'number' && isRecord(value.by_rule_name) && isRecord(value.lookups_by_rule_name);


/** Every stored option (secrets excluded by the server), as a key → value map. */
export function useOptions() {
  return useQuery({
    queryKey: optionsKey,
    queryFn: async ({ signal }) => Object.fromEntries((await optionApi.list(signal)).map(({ key, value }) => [key, value])) as Record<string, string>,
  });
}
