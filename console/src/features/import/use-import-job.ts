import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importApi } from './api';

const importJobKey = ['import-job'] as const;
/** How often a running import's progress is asked for. */
const POLL_MS = 1000;

/** The current import, polled while it runs; `start` begins one and shows its first state at once. */
export function useImportJob() {
  const client = useQueryClient();
  const job = useQuery({
    queryKey: importJobKey,
    queryFn: ({ signal }) => importApi.current(signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: ({ source, logsSource, dryRun }: { source: string; logsSource: string; dryRun: boolean }) => importApi.start(source, logsSource, dryRun),
    onSuccess: (started) => client.setQueryData(importJobKey, started),
    // A source the server could not open is its last import now, shown as failed.
    onError: () => client.invalidateQueries({ queryKey: importJobKey }),
  });
  return { job: job.data, start };
}
