import { type AuditEvent, newAuditEvent, systemActor } from '../ports/documents/audit-event.js';
import { redactSource } from './redact-source.js';
import { checkAbilities } from './tables/check-abilities.js';
import type { ImportContext, ImportTargets, ProgressListener } from './import-context.js';
import { importChannels } from './tables/import-channels.js';
import { importLogs } from './tables/import-logs.js';
import { importOptions } from './tables/import-options.js';
import { importRedemptions, importTopUps } from './tables/import-payments.js';
import { ImportReport } from './import-report.js';
import { importSubscriptionPlans, importUserSubscriptions, noteSubscriptionLeftovers } from './tables/import-subscriptions.js';
import { importTasks } from './tables/import-tasks.js';
import { importTokens } from './tables/import-tokens.js';
import { importUsers } from './tables/import-users.js';
import type { SourceDatabase } from './sources/source-database.js';

export interface ImportOptions {
  dryRun: boolean;
  /** new-api's separate log database (LOG_SQL_DSN), when it had one. */
  logSource?: SourceDatabase;
  /** The source as the operator named it; the audit trail keeps it with a DSN's password masked. */
  sourceName?: string;
  /** Who ran it, from where: root on the console, or (unset) the command line. */
  actor?: AuditEvent['actor'];
  address?: string;
  onProgress?: ProgressListener;
  now?: () => number;
}

/**
 * Brings a new-api/one-api database into Tollgate's stores. Users come before their tokens (a
 * token's owner must exist); logs last, being the bulk. Balances go to the event log as opening
 * events; the ledger worker applies them when Tollgate runs.
 */
export async function runImport(source: SourceDatabase, targets: ImportTargets, options: ImportOptions): Promise<ImportReport> {
  const report = new ImportReport(options.dryRun);
  const context: ImportContext = {
    source,
    logSource: options.logSource ?? source,
    targets,
    report,
    dryRun: options.dryRun,
    nowSeconds: Math.floor((options.now ?? Date.now)() / 1000),
    onProgress: options.onProgress ?? (() => {}),
  };
  for (const step of [importUsers, importTokens, importChannels, checkAbilities, importOptions, importRedemptions, importTopUps, importSubscriptionPlans, importUserSubscriptions, noteSubscriptionLeftovers, importTasks, importLogs]) {
    await step(context);
  }
  if (!options.dryRun) await recordRun(targets, report, options);
  return report;
}

/** The run in the audit trail: an import writes users, balances and options, so it is an admin write. */
async function recordRun(targets: ImportTargets, report: ImportReport, options: ImportOptions): Promise<void> {
  const target = { kind: 'import', id: redactSource(options.sourceName ?? '') };
  const event = newAuditEvent(
    { type: 'ImportRan', actor: options.actor ?? systemActor, address: options.address ?? 'local', target, before: null, after: null, detail: report.summary() },
    (options.now ?? Date.now)(),
  );
  await targets.documents.auditTrail.append(event);
}
