import { runBalanceNotifierContract } from '@tollgate/ledger/balance-notifier-contract';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { dict } from '@tollgate/wire';
import { runCircuitBreakersContract } from '../../ports/hot-state/circuit-breakers.contract.js';
import { runChangeNoticesContract } from '../../ports/hot-state/change-notices.contract.js';
import { runGatewayReportsContract } from '../../ports/hot-state/gateway-reports.contract.js';
import { runHoldStoreContract } from '../../ports/hot-state/hold-store.contract.js';
import { runSubscriptionHoldContract } from '../../ports/hot-state/hold-store-pockets.contract.js';
import { runLeasesContract } from '../../ports/hot-state/leases.contract.js';
import { runOneTimeCodesContract } from '../../ports/hot-state/one-time-codes.contract.js';
import { runRateLimiterContract } from '../../ports/hot-state/rate-limiter.contract.js';
import { runRoomPresenceContract } from '../../ports/hot-state/room-presence.contract.js';
import { runUsageMeterContract } from '../../ports/hot-state/usage-meter.contract.js';
import { InProcessCircuitBreakers } from '../in-process/circuit-breakers.js';
import { createInProcessChangeNotices } from '../in-process/change-notices.js';
import { InProcessGatewayReports } from '../in-process/gateway-reports.js';
import { createInProcessHoldStore } from '../in-process/hold-store.js';
import { InProcessLeases } from '../in-process/leases.js';
import { InProcessOneTimeCodes } from '../in-process/one-time-codes.js';
import { inProcessRateLimiters } from '../in-process/rate-limiter.js';
import { InProcessUsageMeter } from '../in-process/usage-meter.js';
import { IpcBalanceNotifier, balanceNotifierHandlers } from './balance-notifier.js';
import { IpcChangeNotices, changeNoticesHandlers } from './change-notices.js';
import { IpcCircuitBreakers, circuitBreakersHandlers } from './circuit-breakers.js';
import { IpcClient } from './client.js';
import { IpcGatewayReports, gatewayReportsHandlers } from './gateway-reports.js';
import { IpcHoldStore, holdStoreHandlers } from './hold-store.js';
import { IpcLeases, leasesHandlers } from './leases.js';
import { channelAffinitiesHandlers, IpcChannelAffinities } from './channel-affinities.js';
import { InProcessChannelAffinities } from '../in-process/channel-affinities.js';
import { runChannelAffinitiesContract } from '../../ports/hot-state/channel-affinities.contract.js';
import { loopbackLinks } from './link.js';
import { IpcOneTimeCodes, oneTimeCodesHandlers } from './one-time-codes.js';
import { IpcOwner, type PortHandlers } from './owner.js';
import { ipcRateLimiters, rateLimiterHandlers } from './rate-limiter.js';
import { IpcRoomPresence, roomPresenceHandlers } from './room-presence.js';
import { IpcUsageMeter, usageMeterHandlers } from './usage-meter.js';

/**
 * The IPC adapters (relay workers, README "Relay workers") run the same contract suites as the
 * in-process and Redis adapters: `workers` relay workers, each an IpcClient joined to one owner
 * through a loopback that JSON-encodes every message and delivers it on a later turn, as Node's
 * IPC does; the owner serves the in-process adapter `serve` returns.
 */
function workers(count: number, serve: (owner: IpcOwner) => PortHandlers, port: string): IpcClient[] {
  const handlers = dict<PortHandlers>();
  const owner = new IpcOwner(handlers);
  handlers[port] = serve(owner);
  return Array.from({ length: count }, () => {
    const [ownerEnd, workerEnd] = loopbackLinks();
    owner.attach(ownerEnd);
    return new IpcClient(workerEnd);
  });
}

const fail = (error: unknown) => {
  throw error;
};
const noClose = async () => {};

runHoldStoreContract('ipc (one owner, the in-process store)', async () => {
  const [client] = workers(1, () => holdStoreHandlers(createInProcessHoldStore()), 'holds');
  return new IpcHoldStore(client!, 'holds');
});

runSubscriptionHoldContract('ipc (one owner, the in-process store)', async () => {
  const [client] = workers(1, () => holdStoreHandlers(createInProcessHoldStore()), 'holds');
  return new IpcHoldStore(client!, 'holds');
});

runChangeNoticesContract('ipc (two workers, one owner)', async () => {
  const [a, b] = workers(2, (owner) => changeNoticesHandlers(createInProcessChangeNotices(), owner), 'notices');
  return [new IpcChangeNotices(a!, fail), new IpcChangeNotices(b!, fail), noClose];
});

/** The ledger publishes on the owner's own notifier (it runs there); a worker hears it through IPC. */
runBalanceNotifierContract('ipc (the ledger on the owner, a worker)', async () => {
  const ledger = createInProcessBalanceNotifier();
  const [worker] = workers(1, (owner) => balanceNotifierHandlers(ledger, owner), 'notifier');
  return [ledger, new IpcBalanceNotifier(worker!, fail)];
});

runRateLimiterContract('ipc (one owner, in-process counters)', ipcRateLimiters(workers(1, () => rateLimiterHandlers(inProcessRateLimiters), 'limits')[0]!));

runUsageMeterContract('ipc (one owner, the in-process meter)', async () => new IpcUsageMeter(workers(1, () => usageMeterHandlers(new InProcessUsageMeter()), 'meter')[0]!));

runLeasesContract('ipc (three workers, one owner)', () => workers(3, () => leasesHandlers(new InProcessLeases()), 'leases').map((client) => new IpcLeases(client)));

runOneTimeCodesContract('ipc (two workers, one owner)', () => workers(2, () => oneTimeCodesHandlers(new InProcessOneTimeCodes()), 'codes').map((client) => new IpcOneTimeCodes(client)));

runRoomPresenceContract('ipc (two workers, one owner)', async () => {
  const [a, b] = workers(2, (owner) => roomPresenceHandlers(owner), 'rooms');
  return [new IpcRoomPresence(a!, fail), new IpcRoomPresence(b!, fail), noClose];
});

runGatewayReportsContract('ipc (two workers, one owner)', async () => {
  const [a, b] = workers(2, (owner) => gatewayReportsHandlers(new InProcessGatewayReports(), owner), 'reports');
  return [new IpcGatewayReports(a!, fail), new IpcGatewayReports(b!, fail), noClose];
});

runCircuitBreakersContract('ipc (two workers, one owner)', async () => {
  const [a, b] = workers(2, (owner) => circuitBreakersHandlers(new InProcessCircuitBreakers(), owner), 'breakers');
  return [new IpcCircuitBreakers(a!, fail), new IpcCircuitBreakers(b!, fail), noClose];
});

runChannelAffinitiesContract('ipc (two workers, one owner)', () => workers(2, () => channelAffinitiesHandlers(new InProcessChannelAffinities()), 'affinities').map((client) => new IpcChannelAffinities(client)));
