import { describe, expect, it, onTestFinished } from 'vitest';
import { RecordingFanout } from '../../test/fakes/recording-fanout.js';
import { eventually } from '../../test/support/console-client.js';
import { InProcessGatewayReports } from '../adapters/in-process/gateway-reports.js';
import { OpsMeter } from '../ops/ops-meter.js';
import type { OpsSnapshot } from '@tollgate/wire';
import type { GatewayReport } from '../ports/gateway-reports.js';
import { OPS_EVENT, runOpsReports } from './ops-pusher.js';

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
});
