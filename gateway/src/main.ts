import { runAnalyticsRole } from './composition/roles/analytics-role.js';
import { runGatewayRole } from './composition/roles/gateway-role.js';
import { runLedgerRole } from './composition/roles/ledger-role.js';
import { stopOnSignals } from './composition/stop-on-signals.js';
import { loadConfig, loadWorkerConfig } from './config.js';
import { startEmbedded } from './embedded.js';

/** The service entries: `tsx gateway/src/main.ts <role>`, one process per role (README, "Scaling out"). */
const roles = {
  all: () => startEmbedded(loadConfig()),
  gateway: () => runGatewayRole(loadConfig()),
  ledger: () => runLedgerRole(loadWorkerConfig()),
  analytics: () => runAnalyticsRole(loadWorkerConfig()),
};

const role = process.argv[2] ?? 'all';
if (!Object.hasOwn(roles, role)) {
  process.stderr.write(`Unknown role "${role}": use one of ${Object.keys(roles).join(', ')}.\n`);
  process.exit(2);
}
try {
  stopOnSignals(await roles[role as keyof typeof roles]());
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
