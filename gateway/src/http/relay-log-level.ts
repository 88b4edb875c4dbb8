import type { GatewayConfig, LogLevel } from '../config.js';

/** The levels that leave out info lines already; `silent` logs nothing. */
const QUIETER_THAN_INFO: readonly LogLevel[] = ['silent', 'fatal', 'error', 'warn'];

/**
 * The log level of the relay's routes. Unless LOG_RELAY_REQUESTS asks for them, the line fastify
 * writes for each call coming in and each answer (info) is left out: the usage log records every
 * call already, and at 2000 calls a second those two JSON lines a call took 4 to 17% of the
 * gateway's CPU (three side-by-side pairs). Warnings and errors still show; a quieter LOG_LEVEL stays as set.
 */
export function relayLogLevel(config: Pick<GatewayConfig, 'LOG_LEVEL' | 'LOG_RELAY_REQUESTS'>): LogLevel {
  if (config.LOG_RELAY_REQUESTS || QUIETER_THAN_INFO.includes(config.LOG_LEVEL)) return config.LOG_LEVEL;
  return 'warn';
}
