import { atMostEvery } from './at-most-every.js';
import { OpsBoard } from '../ops/ops-board.js';
import type { GatewayReports } from '../ports/hot-state/gateway-reports.js';
import type { Leases } from '../ports/hot-state/leases.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The console's event carrying the operations view (`OpsSnapshot` of @tollgate/wire). */
export const OPS_EVENT = 'ops';
/** Reports arriving within this make one push: at most ten a second however many gateways report. */
const PUSH_GAP_MS = 100;
const LEASE = 'ops-collector';
/** How often a gateway claims (or, collecting, renews) the collector's lease. */
export const CLAIM_EVERY_MS = 1_000;
/** A collector that stops renewing (it ended, or lost Redis) is replaced within this. */
export const COLLECTOR_LEASE_MS = 3_000;

export interface OpsCollectorDeps {
  reports: GatewayReports;
  leases: Leases;
  /** The administrators' consoles on every gateway. */
  fleet: LiveFanout;
  /** This gateway's id in the reports: the lease's holder. */
  holder: string;
  log: (error: unknown) => void;
  now?: () => number;
}

/** Hears every report onto a board and pushes it to the admins' consoles; returns the stop function. */
function collect({ reports, fleet, now = Date.now }: OpsCollectorDeps): () => void {
  const board = new OpsBoard();
  const push = atMostEvery(PUSH_GAP_MS, () => {
    if (fleet.reachesAdmins()) fleet.toAdmins(OPS_EVENT, board.snapshot(now()));
  }, now);
  const stopHearing = reports.collect((report) => {
    board.add(report, now());
    push.request();
  });
  return () => {
    stopHearing();
    push.stop();
  };
}

/**
 * One gateway of the fleet, the holder of a lease, collects every gateway's reports and pushes the
 * board to the admins' consoles wherever they are open: each report crosses the network once
 * (O(gateways) a period, where every gateway hearing every report was O(gateways²)), and a
 * gateway with no console open receives nothing. When the collector ends, another gateway takes
 * the lease within COLLECTOR_LEASE_MS and starts a fresh board (the last hour's per-minute points
 * start again from then). Returns the stop function.
 */
export function runOpsCollector(deps: OpsCollectorDeps): () => void {
  const { leases, holder, log } = deps;
  let stopCollecting: (() => void) | null = null;
  let stopped = false;
  let claiming = false;
  const hold = async () => {
    const held = await (stopCollecting ? leases.renew(LEASE, holder, COLLECTOR_LEASE_MS) : leases.claim(LEASE, holder, COLLECTOR_LEASE_MS)).catch((error: unknown) => {
      log(error);
      return false; // unsure of the lease: stop rather than risk two collectors pushing
    });
    if (stopped) return;
    if (held && !stopCollecting) stopCollecting = collect(deps);
    if (!held && stopCollecting) {
      stopCollecting();
      stopCollecting = null;
    }
  };
  const tick = () => {
    if (claiming) return;
    claiming = true;
    hold().catch(log).finally(() => (claiming = false));
  };
  tick();
  const timer = setInterval(tick, CLAIM_EVERY_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    stopCollecting?.();
    stopCollecting = null;
  };
}
