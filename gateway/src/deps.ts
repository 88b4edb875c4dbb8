import type { AccountsContext } from './contexts/accounts.js';
import type { AnalyticsContext } from './contexts/analytics.js';
import type { AuditContext } from './contexts/audit.js';
import type { ChannelsContext } from './contexts/channels.js';
import type { MoneyContext } from './contexts/money.js';
import type { OpsContext } from './contexts/ops.js';
import type { TasksContext } from './contexts/tasks.js';

/**
 * Every capability context in one object, as a composition root builds them (composition/wire-gateway.ts):
 * the contexts share one flat shape, so a capability handed two of them reads `deps.users` and
 * `deps.balances` alike, and two contexts naming one field must give it one type (tsc checks it here).
 */
export interface GatewayContexts extends AccountsContext, MoneyContext, ChannelsContext, TasksContext, OpsContext, AuditContext, AnalyticsContext {}

/** The composition root's product: the contexts, and what only the app itself reads. */
export interface GatewayDeps extends GatewayContexts {
  /** Signs session cookies. */
  sessionSecret: string;
  /** Directory of the built console, or null to serve none. */
  consoleDir: string | null;
}
