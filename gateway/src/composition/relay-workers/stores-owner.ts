import type { AnalyticsQuerier } from '@tollgate/analytics';
import { dict } from '@tollgate/wire';
import type { Logger } from 'pino';
import { analyticsQuerierHandlers } from '../../adapters/ipc/analytics-querier.js';
import { balanceNotifierHandlers } from '../../adapters/ipc/balance-notifier.js';
import { circuitBreakersHandlers } from '../../adapters/ipc/circuit-breakers.js';
import { changeNoticesHandlers } from '../../adapters/ipc/change-notices.js';
import { gatewayReportsHandlers } from '../../adapters/ipc/gateway-reports.js';
import { holdStoreHandlers } from '../../adapters/ipc/hold-store.js';
import { channelAffinitiesHandlers } from '../../adapters/ipc/channel-affinities.js';
import { leasesHandlers } from '../../adapters/ipc/leases.js';
import { liveFanoutHandlers } from '../../adapters/ipc/live-adapter.js';
import { oneTimeCodesHandlers } from '../../adapters/ipc/one-time-codes.js';
import { IpcOwner, type PortHandlers } from '../../adapters/ipc/owner.js';
import { rateLimiterHandlers } from '../../adapters/ipc/rate-limiter.js';
import { roomPresenceHandlers } from '../../adapters/ipc/room-presence.js';
import { usageMeterHandlers } from '../../adapters/ipc/usage-meter.js';
import type { HotState } from '../engines.js';
import { logWakeupHandlers } from './log-wakeups.js';

/**
 * The process that owns what may exist only once (the embedded hot state, chdb) serves it to the
 * relay workers: one port name per store, the names the workers' adapters call (worker-stores.ts).
 */
export function serveStores({ hot, querier, wakeups }: { hot: HotState; querier: AnalyticsQuerier; wakeups: SharedArrayBuffer }, log: Logger): IpcOwner {
  const ports = dict<PortHandlers>();
  const owner = new IpcOwner(ports, (message) => log.warn({ message }, 'relay workers: a message that does not parse was dropped'));
  Object.assign(ports, {
    holds: holdStoreHandlers(hot.holds),
    inviteHolds: holdStoreHandlers(hot.inviteHolds),
    notices: changeNoticesHandlers(hot.notices, owner),
    breakers: circuitBreakersHandlers(hot.breakers, owner),
    notifier: balanceNotifierHandlers(hot.notifier, owner),
    limits: rateLimiterHandlers(hot.rateLimiters),
    meter: usageMeterHandlers(hot.meter),
    leases: leasesHandlers(hot.leases),
    affinities: channelAffinitiesHandlers(hot.affinities),
    codes: oneTimeCodesHandlers(hot.codes),
    rooms: roomPresenceHandlers(owner),
    reports: gatewayReportsHandlers(hot.gatewayReports, owner),
    live: liveFanoutHandlers(owner),
    analytics: analyticsQuerierHandlers(querier, owner),
    log: logWakeupHandlers(wakeups),
  });
  return owner;
}
