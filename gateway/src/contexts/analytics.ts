import type { LogReader } from '../ports/log-reader.js';
import type { UsageReader } from '../ports/usage-reader.js';
import type { CoreContext } from './core.js';

/** The readers over the analytics engine: the log list and the usage rollups. */
export interface AnalyticsContext extends CoreContext {
  /** The log rows (list, stats, retention). */
  logs: LogReader;
  /** The dashboard's rollup and the finance exports. */
  usage: UsageReader;
}
