import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { openDocuments, openEventLog, openQuerier } from '../composition/engines.js';
import type { EngineConfig } from '../config.js';
import type { ImportTargets, ProgressListener } from './import-context.js';
import type { ImportReport } from './import-report.js';
import { runImport } from './run-import.js';
import { openSources } from './sources/open-source.js';

const LOGS_FLAG = '--logs=';
const USAGE = 'usage: npm run import -- <one-api.db | mysql://… | user:pass@tcp(host:port)/db | postgres://…> [--logs=<LOG_SQL_DSN>] [--dry-run]';

/** The CLI's arguments: one source, `--dry-run`, and `--logs=` for new-api's separate log database. */
export const importArgsSchema = z
  .array(z.string())
  .transform((args) => ({
    dryRun: args.includes('--dry-run'),
    logSources: args.filter((arg) => arg.startsWith(LOGS_FLAG)).map((arg) => arg.slice(LOGS_FLAG.length)),
    sources: args.filter((arg) => !arg.startsWith('--')),
    unknown: args.filter((arg) => arg.startsWith('--') && arg !== '--dry-run' && !arg.startsWith(LOGS_FLAG)),
  }))
  .refine((args) => args.sources.length === 1 && args.unknown.length === 0 && args.logSources.length <= 1 && args.logSources[0] !== '', { message: USAGE })
  .transform(({ dryRun, sources, logSources }) => ({ dryRun, source: sources[0] as string, ...(logSources[0] ? { logSource: logSources[0] } : {}) }));

/** Tollgate's engines as the config names them, through the composition root's helpers. */
async function openTargets(config: EngineConfig): Promise<ImportTargets & { close(): Promise<void> }> {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const documents = await openDocuments(config, dataDir);
  const eventLog = openEventLog(config, dataDir);
  const querier = await openQuerier(config, dataDir);
  return {
    documents,
    eventLog,
    querier,
    close: async () => {
      await querier.close();
      await eventLog.close();
      await documents.close();
    },
  };
}

/** Imports `source` into the engines `config` names; the engines are closed when it returns. */
export async function importDatabase(config: EngineConfig, args: { source: string; logSource?: string; dryRun: boolean; onProgress?: ProgressListener }): Promise<ImportReport> {
  const sources = await openSources(args);
  try {
    const targets = await openTargets(config);
    try {
      return await runImport(sources.source, targets, { dryRun: args.dryRun, logSource: sources.logSource, sourceName: args.source, onProgress: args.onProgress });
    } finally {
      await targets.close();
    }
  } finally {
    await sources.close();
  }
}
