import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../app.js';
import type { GatewayConfig } from '../config.js';
import { tokenCountPool } from '../providers/shared/token-count-pool.js';
import { createRelayMetrics } from '../relay/overhead.js';
import { startMetricsListener } from './metrics-listener.js';
import { createProcessLog } from './process-log.js';
import { type GatewayWiring, wireGateway } from './wire-gateway.js';

/** A listening gateway: relay, API, console, and whichever workers its wiring hosts. */
export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  /** The metrics listener's address (METRICS_PORT), or null when there is none. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** The session secret: configured, or made once and kept beside the data so sessions survive restarts. */
export function sessionSecret(config: GatewayConfig, dataDir: string): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function defaultConsoleDir(config: GatewayConfig): string | null {
  const dir = config.CONSOLE_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../console/dist');
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/** `log` takes what fails outside any request (the engines' background work); requests log through Fastify's. */
export async function startGateway(config: GatewayConfig, wiring: GatewayWiring, log: Logger = createProcessLog(config.LOG_LEVEL)): Promise<RunningGateway> {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const engines = await wireGateway(config, dataDir, wiring, log);
  const metrics = createRelayMetrics();
  const app = await buildApp({ ...engines.deps, sessionSecret: sessionSecret(config, dataDir), consoleDir: defaultConsoleDir(config) }, metrics, engines.close);
  // A metrics port taken or refused fails the start, engines closed, before the public port opens.
  const metricsListener = await startMetricsListener(metrics, config).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  if (metricsListener) app.addHook('onClose', metricsListener.close);
  engines.deps.usageOutbox.start(); // the app follows the ledger's notices from here
  tokenCountPool.warmUp();
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  return { app, url, metricsUrl: metricsListener?.url ?? null, close: () => app.close() };
}
