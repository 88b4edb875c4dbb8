import { randomUUID } from 'node:crypto';
import { eventLoopProbe } from '../ops/fleet-probe.js';
import { atMostEvery } from './at-most-every.js';
import type { OpsMeter } from '../ops/ops-meter.js';
import { keepTopSpenders } from '../ports/hot-state/ops-tally.js';
import type { GatewayReports } from '../ports/hot-state/gateway-reports.js';

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

export interface OpsReporterDeps {
  meter: OpsMeter;
  reports: GatewayReports;
  now?: () => number;
}

/** Who a gateway is in the fleet's reports; a restarted gateway is a new one. */
export interface GatewayIdentity {
  gatewayId: string;
  version: string;
  startedAt: number;
}

export const newGatewayIdentity = (version: string, now: () => number = Date.now): GatewayIdentity => ({ gatewayId: randomUUID(), version, startedAt: now() });

/**
 * Every half second, and as soon as a call is metered (at most once per METERED_REPORT_GAP_MS),
 * this gateway drains its meter into a report (health included) for the fleet's collector
 * (`ops-collector.ts`). Returns the stop function.
 */
export function runOpsReports(identity: GatewayIdentity, { meter, reports, now = Date.now }: OpsReporterDeps): () => void {
  const busy = eventLoopProbe();
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
  };
}
