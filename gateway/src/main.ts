import { runAnalyticsRole } from './composition/roles/analytics-role.js';
import { runGatewayRole } from './composition/roles/gateway-role.js';
import { runLedgerRole } from './composition/roles/ledger-role.js';
import { stopOnSignals } from './composition/stop-on-signals.js';
import { loadConfig, loadWorkerConfig } from './config.js';
import { startEmbedded } from './embedded.js';
import { createProcessLog } from './composition/process-log.js';
import { limitHeapGrowth } from './composition/heap-growth.js';
import { watchProcessFailures } from './ops/process-failures.js';
import type { Logger } from 'pino';

/** The service entries: `tsx gateway/src/main.ts <role>`, one process per role (README, "Scaling out"). */
const roles = {
  all: (log: Logger) => startEmbedded(loadConfig(), log),
  gateway: (log: Logger) => runGatewayRole(loadConfig(), log),
  ledger: (log: Logger) => runLedgerRole(loadWorkerConfig(), log),
  analytics: (log: Logger) => runAnalyticsRole(loadWorkerConfig(), log),
};

const role = process.argv[2] ?? 'all';
if (!Object.hasOwn(roles, role)) {
  process.stderr.write(`Unknown role "${role}": use one of ${Object.keys(roles).join(', ')}.\n`);
  process.exit(2);
}
try {
  // First of all, so a failure while starting is logged too (ops/process-failures.ts says the policy).
  const processConfig = loadWorkerConfig();
  const log = createProcessLog(processConfig.LOG_LEVEL);
  watchProcessFailures(log);
  limitHeapGrowth(processConfig.HEAP_GROWING_PERCENT);
  stopOnSignals(await roles[role as keyof typeof roles](log));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
