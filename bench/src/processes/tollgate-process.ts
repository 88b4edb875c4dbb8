import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectFlag } from './heap-probe.js';
import { freePort, repoRoot, type Service, startService, waitFor } from './processes.js';
import { modelFor, provisionTollgate } from './provision.js';

export type Mode = 'embedded' | 'cluster';

export interface TollgateProcess extends Service {
  mode: Mode;
  url: string;
  /** The bench user's `sk-` key. */
  key: string;
  /** The gateway's V8 inspector, on loopback, for the memory measurement's heap probe. */
  inspectPort: number;
  /** The gateway's metrics listener (METRICS_PORT, on loopback): `${metricsUrl}/metrics`. */
  metricsUrl: string;
}

const ROOT_PASSWORD = 'bench-root-password';

/** Where the cluster engines are, as infra/local/with-engines.sh exports them; undefined when not all are set. */
export function clusterEnginesFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> | undefined {
  const { REDIS_URL, KAFKA_BROKERS, MONGODB_URI } = env;
  if (!REDIS_URL || !KAFKA_BROKERS || !MONGODB_URI) return undefined;
  // One run per topic, database and key prefix, so a run never meets the data of the last one.
  const id = randomBytes(4).toString('hex');
  const mongo = new URL(MONGODB_URI);
  mongo.pathname = `/tollgate_bench_${id}`;
  return { REDIS_URL, KAFKA_BROKERS, MONGODB_URI: mongo.toString(), KAFKA_TOPIC: `tollgate.bench.${id}`, REDIS_PREFIX: `tg-bench-${id}:` };
}

/**
 * Starts Tollgate as one process (`main.ts all`: relay, ledger and analytics workers), on the
 * embedded engines or on the cluster engines `engines` names, and provisions it.
 */
export async function startTollgate(mode: Mode, engines: Record<string, string>, mockUrl: string, core: number | undefined, nodeFlags: string[] = [], settings: Record<string, string> = {}): Promise<TollgateProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-'));
  const port = await freePort();
  const inspectPort = await freePort();
  const metricsPort = await freePort();
  const env = {
    ...engines,
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dataDir,
    INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
    SESSION_SECRET: 'bench-session-secret-0123456789',
    LOG_LEVEL: 'warn',
    GLOBAL_API_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    ...settings,
  };
  const { service } = startService(join(repoRoot, 'gateway/src/main.ts'), ['all'], env, core, [inspectFlag(inspectPort), ...nodeFlags]);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => fetch(`${url}/api/status`).then((r) => r.ok, () => false), 90_000, () => `gateway did not start: ${service.errors()}`);
    const key = await provisionTollgate(url, mockUrl, ROOT_PASSWORD);
    await waitFor(() => relayAnswers(url, key), 15_000, () => `the relay never answered through the new channel: ${service.errors()}`);
    return { ...service, stop, mode, url, key, inspectPort, metricsUrl: `http://127.0.0.1:${metricsPort}` };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The channel a change notice announced may take a moment to reach the relay's cache. */
async function relayAnswers(url: string, key: string): Promise<boolean> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: modelFor(0), max_tokens: 16, messages: [{ role: 'user', content: 'warm up' }] }),
  }).catch(() => undefined);
  await response?.arrayBuffer();
  return response?.status === 200;
}
