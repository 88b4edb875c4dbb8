import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { openDocuments, openEventLog, openQuerier } from '../composition/engines.js';
import type { EngineConfig } from '../config.js';
import type { ImportTargets, ProgressListener } from './import-context.js';
import type { ImportReport } from './import-report.js';
import { runImport } from './run-import.js';
import { openSource } from './sources/open-source.js';

export const importArgsSchema = z
  .array(z.string())
  .transform((args) => ({ dryRun: args.includes('--dry-run'), sources: args.filter((arg) => !arg.startsWith('--')), unknown: args.filter((arg) => arg.startsWith('--') && arg !== '--dry-run') }))
  .refine((args) => args.sources.length === 1 && args.unknown.length === 0, { message: 'usage: npm run import -- <one-api.db | mysql://… | user:pass@tcp(host:port)/db | postgres://…> [--dry-run]' })
  .transform(({ dryRun, sources }) => ({ dryRun, source: sources[0] as string }));

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
export async function importDatabase(config: EngineConfig, args: { source: string; dryRun: boolean; onProgress?: ProgressListener }): Promise<ImportReport> {
  const source = await openSource(args.source);
  try {
    const targets = await openTargets(config);
    try {
      return await runImport(source, targets, { dryRun: args.dryRun, onProgress: args.onProgress });
    } finally {
      await targets.close();
    }
  } finally {
    await source.close();
  }
}
