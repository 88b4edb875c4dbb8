import { loadConfig } from '../config.js';
import { importArgsSchema, importDatabase } from './import-command.js';
import { progressBar } from './progress-bar.js';

/** `npm run import -- <one-api.db | DSN> [--dry-run]`: run it with Tollgate stopped, before its first start. */
const parsed = importArgsSchema.safeParse(process.argv.slice(2));
if (!parsed.success) {
  process.stderr.write(`${parsed.error.issues.map((issue) => issue.message).join('\n')}\n`);
  process.exit(2);
}
try {
  const report = await importDatabase(loadConfig(), { ...parsed.data, onProgress: progressBar(process.stderr) });
  process.stdout.write(`${report.toText()}\n`);
} catch (error) {
  // A missing file, a locked database, an unreachable engine: the reason, without a stack.
  process.stderr.write(`Import failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
