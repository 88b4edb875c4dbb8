import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type GatewayConfig, loadConfig } from './config.js';
import { wireEmbeddedEngines } from './embedded-engines.js';

/** A running single-process Tollgate: relay, API, console, ledger and analytics workers. */
export interface EmbeddedTollgate {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The session secret: configured, or made once and kept beside the data so sessions survive restarts. */
function sessionSecret(config: GatewayConfig, dataDir: string): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function defaultConsoleDir(config: GatewayConfig): string | null {
  const dir = config.CONSOLE_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../console/dist');
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/** The composition root of embedded mode: the only place that picks the embedded adapters. */
export async function startEmbedded(config: GatewayConfig): Promise<EmbeddedTollgate> {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const engines = await wireEmbeddedEngines(config, dataDir);
  const app = await buildApp({ ...engines.deps, sessionSecret: sessionSecret(config, dataDir), consoleDir: defaultConsoleDir(config) });
  app.addHook('onClose', engines.close);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  return { app, url, close: () => app.close() };
}

async function main(): Promise<void> {
  const tollgate = await startEmbedded(loadConfig());
  const shutdown = () => void tollgate.close().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
