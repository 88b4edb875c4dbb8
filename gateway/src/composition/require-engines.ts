import type { EngineConfig } from '../config.js';

type SharedEngine = 'KAFKA_BROKERS' | 'MONGODB_URI' | 'REDIS_URL';

/**
 * A role that runs beside other processes must reach the shared engines: an embedded engine is
 * one process's files, which the others would never see.
 */
export function requireSharedEngines(role: string, config: EngineConfig, needed: SharedEngine[]): void {
  const missing = needed.filter((name) => !config[name]);
  if (missing.length > 0) {
    throw new Error(`The ${role} role runs beside other processes and needs the shared engines: set ${missing.join(', ')} (README, "Scaling out").`);
  }
}
