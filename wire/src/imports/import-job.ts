import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** How far one source table has come. */
export const tableProgressSchema = z.object({ table: z.string(), done: nonNegativeInt(), total: nonNegativeInt() });
export type TableProgress = z.infer<typeof tableProgressSchema>;

/** The running (or the last) import from new-api / one-api, as GET /api/import/ shows it; a DSN's password reads `***`. */
export const importJobSchema = z.object({
  status: z.enum(['idle', 'running', 'finished', 'failed']),
  source: z.string(),
  /** new-api's separate log database (LOG_SQL_DSN), or ''. */
  logs_source: z.string(),
  dry_run: z.boolean(),
  /** Epoch seconds (0: none yet). */
  started_at: nonNegativeInt(),
  finished_at: nonNegativeInt(),
  tables: z.array(tableProgressSchema),
  report: z.string(),
  error: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
