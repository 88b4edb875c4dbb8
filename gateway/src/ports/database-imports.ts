import type { ImportJob } from '@tollgate/wire';
import type { AuditEvent } from './documents/audit-event.js';

export interface ImportRequest {
  source: string;
  /** new-api's separate log database (LOG_SQL_DSN), when it had one. */
  logSource?: string;
  dryRun: boolean;
  /** Who started it and from where, for the audit trail's record of the run. */
  actor?: AuditEvent['actor'];
  address?: string;
}

/** Thrown by `start` while another import runs: one at a time per process. */
export class ImportBusyError extends Error {}

/** The console's imports of a new-api or one-api database: the one running (or the last), and starting one. */
export interface DatabaseImports {
  current(): ImportJob;
  /** Opens the source (an unreachable one fails here), then imports in the background. */
  start(request: ImportRequest): Promise<ImportJob>;
}
