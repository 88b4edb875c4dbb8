import type { EngineConfig } from '../config.js';

/** REDIS: one Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES). */
type SharedEngine = 'KAFKA_BROKERS' | 'MONGODB_URI' | 'REDIS';

const isSet = (config: EngineConfig, engine: SharedEngine) => (engine === 'REDIS' ? Boolean(config.REDIS_URL ?? config.REDIS_CLUSTER_NODES) : Boolean(config[engine]));
const variable = (engine: SharedEngine) => (engine === 'REDIS' ? 'REDIS_URL (or REDIS_CLUSTER_NODES)' : engine);

/**
 * A role that runs beside other processes must reach the shared engines: an embedded engine is
 * one process's files, which the others would never see.
 */
export function requireSharedEngines(role: string, config: EngineConfig, needed: SharedEngine[]): void {
  const missing = needed.filter((engine) => !isSet(config, engine)).map(variable);
  if (missing.length > 0) {
    throw new Error(`The ${role} role runs beside other processes and needs the shared engines: set ${missing.join(', ')} (docs/scaling.md).`);
  }
}
