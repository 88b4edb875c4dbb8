import { randomUUID } from 'node:crypto';
import { eventLoopProbe } from '../ops/fleet-probe.js';
import { atMostEvery } from './at-most-every.js';
import { OpsBoard } from '../ops/ops-board.js';
import type { OpsMeter } from '../ops/ops-meter.js';
import { keepTopSpenders } from '../ops/ops-tally.js';
import type { GatewayReports } from '../ports/gateway-reports.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The console's event carrying the operations view (`OpsSnapshot` of @tollgate/wire). */
export const OPS_EVENT = 'ops';
/** How often each gateway reports with no call metered: its health, and that it is still there. */
export const REPORT_EVERY_MS = 500;
/**
 * A metered call is reported this soon after the previous report, not at the next tick: a call's
 * effect reaches every console within about this plus a push (the issue asks for a second), and
 * under load a gateway still sends at most ten reports a second.
 */
export const METERED_REPORT_GAP_MS = 100;
/** The spenders of each kind a report carries (the view shows ten). */
const SPENDERS_PER_REPORT = 100;
/** Reports arriving within this make one push: at most ten a second however many gateways report. */
const PUSH_GAP_MS = 100;

export interface OpsPusherDeps {
  meter: OpsMeter;
  reports: GatewayReports;
  /** This gateway's own sockets (every gateway pushes its board to its own consoles). */
  local: LiveFanout;
  version: string;
  now?: () => number;
}

/**
 * Every half second, and as soon as a call is metered (at most once per METERED_REPORT_GAP_MS),
 * this gateway drains its meter into a report to all gateways (health included); every report
 * heard goes on this gateway's board, and the board goes at once (at most once per PUSH_GAP_MS)
 * to the administrators' consoles open on this gateway, if any. Returns the stop function.
 */
export function runOpsReports({ meter, reports, local, version, now = Date.now }: OpsPusherDeps): () => void {
  const identity = { gatewayId: randomUUID(), version, startedAt: now() };
  const busy = eventLoopProbe();
  const board = new OpsBoard();
  const push = atMostEvery(PUSH_GAP_MS, () => {
    if (local.reachesAdmins()) local.toAdmins(OPS_EVENT, board.snapshot(now()));
  }, now);
  const stopHearing = reports.subscribe((report) => {
    board.add(report, now());
    push.request();
  });
  const report = atMostEvery(METERED_REPORT_GAP_MS, () => {
    reports.publish({ ...identity, atMs: now(), eventLoopUtilization: busy(), inFlight: meter.callsInFlight(), tally: keepTopSpenders(meter.drain(), SPENDERS_PER_REPORT) });
  }, now);
  meter.whenRecorded(report.request);
  const timer = setInterval(report.runNow, REPORT_EVERY_MS);
  timer.unref();
  return () => {
    meter.whenRecorded(() => {});
    clearInterval(timer);
    report.stop();
    push.stop();
    stopHearing();
  };
}
