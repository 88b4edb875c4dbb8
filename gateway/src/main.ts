import { limitHeapGrowth } from './composition/heap-growth.js';
import { createProcessLog } from './composition/process-log.js';
import { loadWorkerConfig } from './config.js';
import { watchProcessFailures } from './ops/process-failures.js';

/**
 * The entry of every Tollgate process: `tsx gateway/src/main.ts <role>` (`all`, the default, is
 * `npm start`; docs/scaling.md). It imports only what it needs before the heap's growth is
 * limited; the roles' modules load after (run-role.ts), since loading them takes several full
 * collections and each would set the next limit by V8's own rule, up to four times the live heap.
 */
try {
  // First of all, so a failure while starting is logged too (ops/process-failures.ts says the policy).
  const processConfig = loadWorkerConfig();
  limitHeapGrowth(processConfig.HEAP_GROWING_PERCENT);
  const log = createProcessLog(processConfig.LOG_LEVEL);
  watchProcessFailures(log);
  const { runRole } = await import('./composition/roles/run-role.js');
  await runRole(process.argv[2] ?? 'all', log);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
