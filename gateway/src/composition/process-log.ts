import { type Logger, pino } from 'pino';
import type { LogLevel } from '../config.js';

/**
 * The process's own logger, for what happens outside any request: background failures of the
 * engines' adapters and workers, and the failures no code caught (ops/process-failures.ts). pino
 * like Fastify's, to the same stdout, so one log holds both; `err` is written with its stack.
 * A command whose stdout is its answer (`npm run audit`) logs to stderr (`fd` 2).
 */
export function createProcessLog(level: LogLevel, fd: 1 | 2 = 1): Logger {
  return pino({ level, name: 'tollgate' }, pino.destination({ fd, sync: true }));
}
