import type { ImportJob } from '@tollgate/wire';
import { api } from '../../api/client';

export const importApi = {
  current: (signal?: AbortSignal) => api<ImportJob>('GET', '/api/import/', undefined, { signal, quiet: true }),
  start: (source: string, logsSource: string, dryRun: boolean) => api<ImportJob>('POST', '/api/import/', { source, logs_source: logsSource, dry_run: dryRun }),
};
