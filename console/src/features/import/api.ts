import { api } from '../../api/client';

/** The running or last import (GET /api/import/); the DSN's password comes back as ***. */
export interface ImportJob {
  status: 'idle' | 'running' | 'finished' | 'failed';
  source: string;
  logs_source: string;
  dry_run: boolean;
  started_at: number;
  finished_at: number;
  tables: { table: string; done: number; total: number }[];
  report: string;
  error: string;
}

export const importApi = {
  current: (signal?: AbortSignal) => api<ImportJob>('GET', '/api/import/', undefined, { signal, quiet: true }),
  start: (source: string, logsSource: string, dryRun: boolean) => api<ImportJob>('POST', '/api/import/', { source, logs_source: logsSource, dry_run: dryRun }),
};
