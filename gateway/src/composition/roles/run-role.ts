import type { Logger } from 'pino';
import { loadConfig, loadWorkerConfig } from '../../config.js';
import { runEmbeddedRole } from '../relay-workers/embedded-role.js';
import { stopOnSignals } from '../stop-on-signals.js';
import { runAnalyticsRole } from './analytics-role.js';
import { runGatewayRole } from './gateway-role.js';
import { runLedgerRole } from './ledger-role.js';

/** What `main.ts <role>` runs: `all` is the embedded Tollgate (`npm start`), the others one role per process. */
const roles = {
  all: (log: Logger) => runEmbeddedRole(loadConfig(), log),
  gateway: (log: Logger) => runGatewayRole(loadConfig(), log),
  ledger: (log: Logger) => runLedgerRole(loadWorkerConfig(), log),
  analytics: (log: Logger) => runAnalyticsRole(loadWorkerConfig(), log),
};

/** Starts the named role and stops it on SIGTERM or SIGINT; an unknown name ends the process with code 2. */
export async function runRole(role: string, log: Logger): Promise<void> {
  if (!Object.hasOwn(roles, role)) {
    process.stderr.write(`Unknown role "${role}": use one of ${Object.keys(roles).join(', ')}.\n`);
    process.exit(2);
  }
  stopOnSignals(await roles[role as keyof typeof roles](log));
}
