import { pathToFileURL } from 'node:url';
import { type RunningGateway, startGateway } from './composition/start-gateway.js';
import { type GatewayConfig, loadConfig } from './config.js';
import { stopOnSignals } from './composition/stop-on-signals.js';
import { createProcessLog } from './composition/process-log.js';
import { limitHeapGrowth } from './composition/heap-growth.js';
import { watchProcessFailures } from './ops/process-failures.js';
import type { Logger } from 'pino';

/** A running single-process Tollgate: relay, API, console, ledger and analytics workers. */
export type EmbeddedTollgate = RunningGateway;

/**
 * The embedded entry (`npm start`): one process hosts the gateway and both workers, each port on
 * the engine its variable names, the embedded one when unset.
 */
export function startEmbedded(config: GatewayConfig, log: Logger = createProcessLog(config.LOG_LEVEL)): Promise<EmbeddedTollgate> {
  return startGateway(config, { ledgerWorker: true, ingestionGroup: 'analytics' }, log);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig();
  const log = createProcessLog(config.LOG_LEVEL);
  watchProcessFailures(log);
  limitHeapGrowth(config.HEAP_GROWING_PERCENT);
  stopOnSignals(await startEmbedded(config, log));
}
