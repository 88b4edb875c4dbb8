import { pathToFileURL } from 'node:url';
import { type RunningGateway, startGateway } from './composition/start-gateway.js';
import { type GatewayConfig, loadConfig } from './config.js';
import { stopOnSignals } from './composition/stop-on-signals.js';

/** A running single-process Tollgate: relay, API, console, ledger and analytics workers. */
export type EmbeddedTollgate = RunningGateway;

/**
 * The embedded entry (`npm start`): one process hosts the gateway and both workers, each port on
 * the engine its variable names, the embedded one when unset.
 */
export function startEmbedded(config: GatewayConfig): Promise<EmbeddedTollgate> {
  return startGateway(config, { ledgerWorker: true, ingestionGroup: 'analytics' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  stopOnSignals(await startEmbedded(loadConfig()));
}
