import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { IpcClient } from '../../adapters/ipc/client.js';
import { processLink } from '../../adapters/ipc/link.js';
import type { GatewayConfig } from '../../config.js';
import { startEmbedded } from '../../embedded.js';
import { sessionSecret, startGateway } from '../start-gateway.js';
import { serveStores } from './stores-owner.js';
import { superviseWorkers } from './worker-supervisor.js';
import { wireOwner } from './wire-owner.js';

/**
 * `main.ts all`: one process (RELAY_WORKERS=1), or an owner process and RELAY_WORKERS relay
 * workers sharing the port (README, "Relay workers"). Workers run this same entry; Node's cluster
 * tells them apart.
 */
export function runEmbeddedRole(config: GatewayConfig, log: Logger): Promise<{ close(): Promise<void> }> {
  if (config.RELAY_WORKERS === 1) return startEmbedded(config, log);
  return cluster.isPrimary ? startOwner(config, log) : startRelayWorker(config, log);
}

async function startOwner(config: GatewayConfig, log: Logger): Promise<{ close(): Promise<void> }> {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  sessionSecret(config, dataDir); // made once here: workers starting together would each make their own
  const owned = await wireOwner(config, dataDir, log);
  const owner = serveStores(owned, log);
  // Returned at once, so a SIGTERM while the workers start stops them too (the port answers as soon as one listens).
  const workers = superviseWorkers(config.RELAY_WORKERS, owner, log);
  return {
    close: async () => {
      await workers.stop();
      await owned.close();
    },
  };
}

/** A relay worker: the whole HTTP surface, its hot state and analytics the owner's. The owner gone, it ends too. */
async function startRelayWorker(config: GatewayConfig, log: Logger): Promise<{ close(): Promise<void> }> {
  const client = new IpcClient(processLink(process), (message) => log.warn({ message }, 'relay worker: a message that does not parse was dropped'));
  process.once('disconnect', () => process.exit(1));
  return startGateway(config, { ledgerWorker: null, ingestionGroup: null, storesFrom: client }, log);
}
