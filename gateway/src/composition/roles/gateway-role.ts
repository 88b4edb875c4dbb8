import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config.js';
import { requireSharedEngines } from '../require-engines.js';
import { type RunningGateway, startGateway } from '../start-gateway.js';

/** This gateway's lasting name, so its own analytics consumer group resumes where it stopped. */
function instanceId(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'gateway-id');
  if (!existsSync(file)) writeFileSync(file, randomUUID());
  return readFileSync(file, 'utf8').trim();
}

/**
 * One of any number of stateless gateways behind a load balancer; the ledger runs in its own
 * process. Without CLICKHOUSE_URL each gateway keeps its own chdb copy of the logs, fed by a
 * consumer group of its own; with it, the analytics role feeds the one shared server.
 */
export function runGatewayRole(config: GatewayConfig, log: Logger): Promise<RunningGateway> {
  requireSharedEngines('gateway', config, ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS']);
  if (!config.SESSION_SECRET) throw new Error('The gateway role needs SESSION_SECRET, the same on every gateway, so a session works whichever one answers.');
  const ingestionGroup = config.CLICKHOUSE_URL ? null : `analytics-${instanceId(resolve(config.DATA_DIR))}`;
  return startGateway(config, { ledgerWorker: null, ingestionGroup }, log);
}
