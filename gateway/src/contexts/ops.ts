import type { ServerOptions } from 'socket.io';
import type { DatabaseImports } from '../ports/database-imports.js';
import type { GatewayReports } from '../ports/hot-state/gateway-reports.js';
import type { Leases } from '../ports/hot-state/leases.js';
import type { RateLimiters } from '../ports/hot-state/rate-limiter.js';
import type { RoomPresence } from '../ports/hot-state/room-presence.js';
import type { UsageMeter } from '../ports/hot-state/usage-meter.js';
import type { CoreContext } from './core.js';

/** What the gateways of a fleet share to act as one: limits, meters, leases, live rooms, reports; and the root's imports. */
export interface OpsContext extends CoreContext {
  /** Per-client call counters of the API's rate limits (shared by every gateway in cluster mode). */
  rateLimiters: RateLimiters;
  /** Calls per second for the live RPM/TPM badges (shared by every gateway in cluster mode). */
  meter: UsageMeter;
  /** One gateway per period runs a chore (the channel test, the task poll, the setup wizard, a reminder). */
  leases: Leases;
  /** Socket.IO's adapter: Redis pub/sub when gateways share consoles' rooms, Socket.IO's in-memory one when unset. */
  liveAdapter?: ServerOptions['adapter'];
  /** Which live rooms have a console in them on any gateway (pushes to the others are skipped). */
  roomPresence: RoomPresence;
  /** The gateways' reports to each other: the operations view's traffic and fleet (Redis pub/sub in cluster mode). */
  gatewayReports: GatewayReports;
  /** The root's imports from a new-api database, run in this process one at a time. */
  imports: DatabaseImports;
}
