import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { InProcessGatewayReports } from '../adapters/in-process/gateway-reports.js';
import { OpsMeter } from '../ops/ops-meter.js';
import type { GatewayReport } from '../ports/hot-state/gateway-reports.js';
import { METERED_REPORT_GAP_MS, newGatewayIdentity, REPORT_EVERY_MS, runOpsReports } from './ops-reporter.js';

function start() {
  const meter = new OpsMeter();
  const reports = new InProcessGatewayReports();
  const heard: GatewayReport[] = [];
  reports.collect((report) => heard.push(report));
  onTestFinished(runOpsReports(newGatewayIdentity('v9'), { meter, reports }));
  return { meter, heard };
}

const call = { channelId: 4, model: 'm', status: 200, useTimeMs: 50, tokens: 9, quota: 3 };

describe('runOpsReports', () => {
  it("reports this gateway's calls and health: its identity, the calls in flight, the tally drained", () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { meter, heard } = start();
    meter.callStarted();
    meter.record(call);
    vi.advanceTimersByTime(0);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ version: 'v9', inFlight: 1, tally: { calls: 1, tokens: 9, quota: 3 } });
    expect(Object.keys(heard[0]?.tally.channels ?? {})).toEqual(['4']);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(heard.map((report) => report.tally.calls), 'a drained call is not reported twice').toEqual([1, 0]);
    expect(new Set(heard.map((report) => report.gatewayId)).size).toBe(1);
  });

  it('reports a metered call soon after the previous report, not at the next tick, and at most once per gap under load', () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { meter, heard } = start();
    const calls = () => heard.map((report) => report.tally.calls);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(calls()).toEqual([0]);
    vi.advanceTimersByTime(METERED_REPORT_GAP_MS);
    meter.record(call);
    vi.advanceTimersByTime(0);
    expect(calls(), 'reported at once, the gap having passed').toEqual([0, 1]);
    meter.record(call);
    meter.record(call);
    vi.advanceTimersByTime(METERED_REPORT_GAP_MS - 1);
    expect(calls(), 'not before the gap').toEqual([0, 1]);
    vi.advanceTimersByTime(1);
    expect(calls(), 'both calls in one report, a gap after the last').toEqual([0, 1, 2]);
  });
});
