import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import type { ChangeNotices } from '../ports/hot-state/change-notices.js';
import type { Options } from '../ports/options.js';

/**
 * The process's logger as capability code sees it: pino's levels, with the error under `err`
 * (pino's serializer for it). Narrower than pino's `Logger` so a test can hand in a spy.
 */
export type ContextLog = Pick<Logger, 'error' | 'warn' | 'info' | 'debug'>;

/** What every capability reads: the configuration, the options, the change notices, and a log. */
export interface CoreContext {
  config: GatewayConfig;
  options: Options;
  /** Document changes (channels, tokens, users, options), so every gateway's caches reload. */
  notices: ChangeNotices;
  /** Where work that must not fail its caller (a notice, a reminder) reports its failure. */
  log: ContextLog;
}
