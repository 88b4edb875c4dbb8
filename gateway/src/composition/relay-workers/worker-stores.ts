import type { AnalyticsQuerier } from '@tollgate/analytics';
import type { Logger } from 'pino';
import { IpcAnalyticsQuerier } from '../../adapters/ipc/analytics-querier.js';
import { IpcBalanceNotifier } from '../../adapters/ipc/balance-notifier.js';
import { IpcCircuitBreakers } from '../../adapters/ipc/circuit-breakers.js';
import { IpcChangeNotices } from '../../adapters/ipc/change-notices.js';
import { type IpcClient, OwnerGoneError } from '../../adapters/ipc/client.js';
import { IpcGatewayReports } from '../../adapters/ipc/gateway-reports.js';
import { IpcHoldStore } from '../../adapters/ipc/hold-store.js';
import { IpcChannelAffinities } from '../../adapters/ipc/channel-affinities.js';
import { IpcLeases } from '../../adapters/ipc/leases.js';
import { ipcLiveAdapter } from '../../adapters/ipc/live-adapter.js';
import { IpcOneTimeCodes } from '../../adapters/ipc/one-time-codes.js';
import { ipcRateLimiters } from '../../adapters/ipc/rate-limiter.js';
import { IpcRoomPresence } from '../../adapters/ipc/room-presence.js';
import { IpcUsageMeter } from '../../adapters/ipc/usage-meter.js';
import type { HotState } from '../engines.js';
import { forwardLogWakeups } from './log-wakeups.js';

/**
 * A relay worker's hot state and analytics engine: each the owner process's, through `client`;
 * and its appends to the log (`wakeups`, its log's counter) wake the owner's consumers.
 */
export function workerStores(client: IpcClient, wakeups: SharedArrayBuffer, log: Logger): { hot: HotState; querier: AnalyticsQuerier } {
  // A notice or a report sent as the worker closes is dropped with the link; that is no failure worth a line.
  const onError = (error: unknown) => {
    if (!(error instanceof OwnerGoneError)) log.warn({ err: error }, 'relay worker: a store call to the owner process failed');
  };
  const stopWakeups = forwardLogWakeups(wakeups, client, onError);
  const hot: HotState = {
    holds: new IpcHoldStore(client, 'holds'),
    inviteHolds: new IpcHoldStore(client, 'inviteHolds'),
    notices: new IpcChangeNotices(client, onError),
    breakers: new IpcCircuitBreakers(client, onError),
    notifier: new IpcBalanceNotifier(client, onError),
    rateLimiters: ipcRateLimiters(client),
    meter: new IpcUsageMeter(client),
    leases: new IpcLeases(client),
    affinities: new IpcChannelAffinities(client),
    codes: new IpcOneTimeCodes(client),
    liveAdapter: ipcLiveAdapter(client, onError),
    roomPresence: new IpcRoomPresence(client, onError),
    gatewayReports: new IpcGatewayReports(client, onError),
    close: async () => {
      stopWakeups();
      client.close();
    },
  };
  return { hot, querier: new IpcAnalyticsQuerier(client) };
}
