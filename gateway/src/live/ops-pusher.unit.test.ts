import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { RecordingFanout } from '../../test/fakes/recording-fanout.js';
import { eventually } from '../../test/support/console-client.js';
import { InProcessGatewayReports } from '../adapters/in-process/gateway-reports.js';
import { OpsMeter } from '../ops/ops-meter.js';
import type { OpsSnapshot } from '@tollgate/wire';
import type { GatewayReport } from '../ports/gateway-reports.js';
import { METERED_REPORT_GAP_MS, OPS_EVENT, REPORT_EVERY_MS, runOpsReports } from './ops-pusher.js';

function start(listening: boolean) {
  const meter = new OpsMeter();
  const reports = new InProcessGatewayReports();
  const local = new RecordingFanout(() => listening);
  const heard: GatewayReport[] = [];
  reports.subscribe((report) => heard.push(report));
  onTestFinished(runOpsReports({ meter, reports, local, version: 'v9' }));
  return { meter, local, heard };
}

const lastSnapshot = (local: RecordingFanout) => local.pushes.filter((p) => p.event === OPS_EVENT).at(-1)?.payload as OpsSnapshot | undefined;

describe('runOpsReports', () => {
  it("reports this gateway's calls and health, and pushes the board to the admins' consoles", async () => {
    const { meter, local, heard } = start(true);
    meter.callStarted();
    meter.record({ channelId: 4, model: 'm', status: 200, useTimeMs: 50, tokens: 9, quota: 3 });
    const snapshot = await eventually(async () => {
      const last = lastSnapshot(local);
      return last && last.now.rpm === 1 ? last : undefined;
    }, 2_000, 'a pushed snapshot with the call');
    expect(snapshot.now).toMatchObject({ rpm: 1, tpm: 9, spendPerMinute: 3 });
    expect(snapshot.channels.map((c) => c.key)).toEqual(['4']);
    expect(snapshot.fleet).toHaveLength(1);
    expect(snapshot.fleet[0]).toMatchObject({ version: 'v9', inFlight: 1 });
    expect(heard.reduce((sum, r) => sum + r.tally.calls, 0)).toBe(1);
  });

  it('still reports, but pushes nothing while no admin console is open here', async () => {
    const { heard, local } = start(false);
    await eventually(async () => (heard.length >= 2 ? true : undefined), 2_000, 'two reports');
    expect(local.pushes).toEqual([]);
  });

  it('reports a metered call soon after the previous report, not at the next tick, and at most once per gap under load', () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { meter, heard } = start(true);
    const calls = () => heard.map((report) => report.tally.calls);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(calls()).toEqual([0]);
    vi.advanceTimersByTime(METERED_REPORT_GAP_MS);
    const call = { channelId: 4, model: 'm', status: 200, useTimeMs: 50, tokens: 9, quota: 3 };
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
