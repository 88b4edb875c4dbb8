import { randomUUID } from 'node:crypto';
import { eventLoopProbe } from '../ops/fleet-probe.js';
import { OpsBoard } from '../ops/ops-board.js';
import type { OpsMeter } from '../ops/ops-meter.js';
import { keepTopSpenders } from '../ops/ops-tally.js';
import type { GatewayReports } from '../ports/gateway-reports.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The console's event carrying the operations view (`OpsSnapshot` of @tollgate/wire). */
export const OPS_EVENT = 'ops';
/** How often each gateway reports: a call shows on every console within this plus a push. */
export const REPORT_EVERY_MS = 500;
/** The spenders of each kind a report carries (the view shows ten). */
const SPENDERS_PER_REPORT = 100;
/** Reports arriving within this make one push: at most ten a second however many gateways report. */
const PUSH_COALESCE_MS = 100;

export interface OpsPusherDeps {
  meter: OpsMeter;
  reports: GatewayReports;
  /** This gateway's own sockets (every gateway pushes its board to its own consoles). */
  local: LiveFanout;
  version: string;
  now?: () => number;
}

/**
 * Every half second this gateway drains its meter into a report to all gateways (health included);
 * every report heard goes on this gateway's board, and shortly after, the board goes to the
 * administrators' consoles open on this gateway, if any. Returns the stop function.
 */
export function runOpsReports({ meter, reports, local, version, now = Date.now }: OpsPusherDeps): () => void {
  const identity = { gatewayId: randomUUID(), version, startedAt: now() };
  const busy = eventLoopProbe();
  const board = new OpsBoard();
  let pending: NodeJS.Timeout | undefined;
  const push = () => {
    pending = undefined;
    if (local.reachesAdmins()) local.toAdmins(OPS_EVENT, board.snapshot(now()));
  };
  const stopHearing = reports.subscribe((report) => {
    board.add(report, now());
    pending ??= setTimeout(push, PUSH_COALESCE_MS);
  });
  const timer = setInterval(() => {
    reports.publish({ ...identity, atMs: now(), eventLoopUtilization: busy(), inFlight: meter.callsInFlight(), tally: keepTopSpenders(meter.drain(), SPENDERS_PER_REPORT) });
  }, REPORT_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(pending);
    stopHearing();
  };
}
