import { runInBackground } from '@tollgate/ledger';
import type { ImportJob } from '@tollgate/wire';
import { type DatabaseImports, ImportBusyError, type ImportRequest } from '../ports/database-imports.js';
import type { ImportTargets } from './import-context.js';
import { redactIn, redactSource, sourcePassword } from './redact-source.js';
import { runImport } from './run-import.js';
import { type OpenSources, openSources } from './sources/open-source.js';

const IDLE: ImportJob = { status: 'idle', source: '', logs_source: '', dry_run: false, started_at: 0, finished_at: 0, tables: [], report: '', error: '' };

/**
 * Imports started from the console, one at a time in this process: each runs in the background
 * into the app's own open stores, and its progress and report stay readable until the next one.
 * `afterImport` lets the app's caches (options, routing) see what was written.
 */
export class ImportJobs implements DatabaseImports {
  private job: ImportJob = IDLE;

  constructor(
    private readonly targets: ImportTargets,
    private readonly afterImport: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  current(): ImportJob {
    return { ...this.job, tables: this.job.tables.map((table) => ({ ...table })) };
  }

  /**
   * Opens the source (so an unreachable database or a missing file is answered at once), then
   * imports in the background. Throws ImportBusyError while another import runs.
   */
  async start(request: ImportRequest): Promise<ImportJob> {
    const { source, logSource, dryRun } = request;
    if (this.job.status === 'running') throw new ImportBusyError();
    const redact = (text: string) => redactIn(redactIn(text, sourcePassword(source)), sourcePassword(logSource ?? ''));
    // Claimed before the first await: of two starts racing, the second finds this one running.
    this.job = { ...IDLE, status: 'running', source: redactSource(source), logs_source: redactSource(logSource ?? ''), dry_run: dryRun, started_at: Math.floor(this.now() / 1000) };
    let sources: OpenSources;
    try {
      sources = await openSources({ source, logSource });
    } catch (error) {
      const message = redact(messageOf(error));
      this.finish({ status: 'failed', error: message });
      throw new Error(message);
    }
    // run() records its outcome in the job; only closing the sources can still fail after that.
    runInBackground('new-api import', () => this.run(sources, request, redact), (error) => this.finish({ status: 'failed', error: redact(messageOf(error)) }));
    return this.current();
  }

  private async run(sources: OpenSources, { source, dryRun, actor, address }: ImportRequest, redact: (text: string) => string): Promise<void> {
    try {
      const onProgress = (table: string, done: number, total: number) => this.progress(table, done, total);
      const report = await runImport(sources.source, this.targets, { dryRun, logSource: sources.logSource, sourceName: source, actor, address, onProgress });
      if (!dryRun) await this.afterImport();
      this.finish({ status: 'finished', report: report.toText() });
    } catch (error) {
      this.finish({ status: 'failed', error: redact(messageOf(error)) });
    } finally {
      await sources.close();
    }
  }

  private progress(table: string, done: number, total: number): void {
    const entry = this.job.tables.find((one) => one.table === table);
    if (entry) Object.assign(entry, { done, total });
    else this.job.tables.push({ table, done, total });
  }

  private finish(outcome: Partial<ImportJob>): void {
    this.job = { ...this.job, ...outcome, finished_at: Math.floor(this.now() / 1000) };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
