import { type RunningGateway, startGateway } from './composition/start-gateway.js';
import type { GatewayConfig } from './config.js';
import { createProcessLog } from './composition/process-log.js';
import type { Logger } from 'pino';

/** A running single-process Tollgate: relay, API, console, ledger and analytics workers. */
export type EmbeddedTollgate = RunningGateway;

/**
 * The embedded Tollgate (`npm start`, which is `main.ts all`): one process hosts the gateway and
 * both workers, each port on the engine its variable names, the embedded one when unset.
 */
export function startEmbedded(config: GatewayConfig, log: Logger = createProcessLog(config.LOG_LEVEL)): Promise<EmbeddedTollgate> {
  const on = (thread: boolean) => (thread ? 'thread' : 'loop');
  return startGateway(config, { ledgerWorker: on(config.EMBEDDED_LEDGER_THREAD), ingestionGroup: 'analytics', ingestionWorker: on(config.EMBEDDED_INGESTION_THREAD) }, log);
}
