import type { ImportTargets } from './import-context.js';
import { redactIn, redactSource, sourcePassword } from './redact-source.js';
import { runImport } from './run-import.js';
import { openSource } from './sources/open-source.js';

export interface TableProgress {
  table: string;
  done: number;
  total: number;
}

/** What the console shows of the running (or the last) import; the DSN's password is never in it. */
export interface ImportJobView {
  status: 'idle' | 'running' | 'finished' | 'failed';
  source: string;
  dry_run: boolean;
  started_at: number;
  finished_at: number;
  tables: TableProgress[];
  report: string;
  error: string;
}

const IDLE: ImportJobView = { status: 'idle', source: '', dry_run: false, started_at: 0, finished_at: 0, tables: [], report: '', error: '' };

export class ImportBusyError extends Error {}

/** The console's imports: the one running (or the last), and starting one. */
export interface DatabaseImports {
  current(): ImportJobView;
  start(source: string, dryRun: boolean): Promise<ImportJobView>;
}

/**
 * Imports started from the console, one at a time in this process: each runs in the background
 * into the app's own open stores, and its progress and report stay readable until the next one.
 * `afterImport` lets the app's caches (options, routing) see what was written.
 */
export class ImportJobs implements DatabaseImports {
  private job: ImportJobView = IDLE;

  constructor(
    private readonly targets: ImportTargets,
    private readonly afterImport: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  current(): ImportJobView {
    return { ...this.job, tables: this.job.tables.map((table) => ({ ...table })) };
  }

  /**
   * Opens the source (so an unreachable database or a missing file is answered at once), then
   * imports in the background. Throws ImportBusyError while another import runs.
   */
  async start(source: string, dryRun: boolean): Promise<ImportJobView> {
    if (this.job.status === 'running') throw new ImportBusyError();
    const password = sourcePassword(source);
    // Claimed before the first await: of two starts racing, the second finds this one running.
    this.job = { ...IDLE, status: 'running', source: redactSource(source), dry_run: dryRun, started_at: Math.floor(this.now() / 1000) };
    try {
      const database = await openSource(source);
      void this.run(database, dryRun, password);
    } catch (error) {
      this.finish({ status: 'failed', error: redactIn(messageOf(error), password) });
      throw new Error(redactIn(messageOf(error), password));
    }
    return this.current();
  }

  private async run(database: Awaited<ReturnType<typeof openSource>>, dryRun: boolean, password: string): Promise<void> {
    try {
      const report = await runImport(database, this.targets, { dryRun, onProgress: (table, done, total) => this.progress(table, done, total) });
      if (!dryRun) await this.afterImport();
      this.finish({ status: 'finished', report: report.toText() });
    } catch (error) {
      this.finish({ status: 'failed', error: redactIn(messageOf(error), password) });
    } finally {
      await database.close().catch(() => {});
    }
  }

  private progress(table: string, done: number, total: number): void {
    const entry = this.job.tables.find((one) => one.table === table);
    if (entry) Object.assign(entry, { done, total });
    else this.job.tables.push({ table, done, total });
  }

  private finish(outcome: Partial<ImportJobView>): void {
    this.job = { ...this.job, ...outcome, finished_at: Math.floor(this.now() / 1000) };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
