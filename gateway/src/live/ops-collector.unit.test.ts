import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { RecordingFanout } from '../../test/fakes/recording-fanout.js';
import { InProcessGatewayReports } from '../adapters/in-process/gateway-reports.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { emptyTally } from '../ports/hot-state/ops-tally.js';
import type { OpsSnapshot } from '@tollgate/wire';
import type { GatewayReport } from '../ports/hot-state/gateway-reports.js';
import type { Leases } from '../ports/hot-state/leases.js';
import { CLAIM_EVERY_MS, COLLECTOR_LEASE_MS, OPS_EVENT, runOpsCollector } from './ops-collector.js';

function report(gatewayId: string, calls: number): GatewayReport {
  const tally = emptyTally();
  tally.calls = calls;
  return { gatewayId, version: 'v9', startedAt: 1, atMs: Date.now(), eventLoopUtilization: 0.1, inFlight: 0, tally };
}

const snapshots = (fleet: RecordingFanout) => fleet.pushes.filter((p) => p.event === OPS_EVENT).map((p) => p.payload as OpsSnapshot);

/** Two gateways on one bus and one lease store, each with its admins' fan-out. */
function twoGateways(options: { listening?: boolean; leases?: Leases } = {}) {
  const reports = new InProcessGatewayReports();
  const leases = options.leases ?? new InProcessLeases();
  const errors: unknown[] = [];
  const gateway = (holder: string) => {
    const fleet = new RecordingFanout(() => options.listening ?? true);
    const stop = runOpsCollector({ reports, leases, fleet, holder, log: (error) => errors.push(error) });
    onTestFinished(stop);
    return { fleet, stop };
  };
  return { reports, errors, a: gateway('gw-a'), b: gateway('gw-b') };
}

function fakeTime() {
  vi.useFakeTimers();
  onTestFinished(() => void vi.useRealTimers());
}

describe('runOpsCollector', () => {
  it("one gateway collects: every gateway's reports reach the admins' consoles once, through it alone", async () => {
    fakeTime();
    const { reports, a, b } = twoGateways();
    await vi.advanceTimersByTimeAsync(0);
    reports.publish(report('gw-a', 2));
    reports.publish(report('gw-b', 3));
    await vi.advanceTimersByTimeAsync(200);
    expect(snapshots(b.fleet), 'the second gateway found the lease taken').toEqual([]);
    const last = snapshots(a.fleet).at(-1);
    expect(last?.now.rpm).toBe(5);
    expect(last?.fleet.map((member) => member.id)).toEqual(['gw-a', 'gw-b']);
  });

  it('pushes nothing while no admin console is open on any gateway', async () => {
    fakeTime();
    const { reports, a, b } = twoGateways({ listening: false });
    await vi.advanceTimersByTimeAsync(0);
    reports.publish(report('gw-a', 1));
    await vi.advanceTimersByTimeAsync(500);
    expect([...a.fleet.pushes, ...b.fleet.pushes]).toEqual([]);
  });

  it('another gateway takes over within the lease when the collector ends', async () => {
    fakeTime();
    const { reports, a, b } = twoGateways();
    await vi.advanceTimersByTimeAsync(0);
    a.stop();
    reports.publish(report('gw-b', 1));
    await vi.advanceTimersByTimeAsync(200);
    expect(snapshots(b.fleet), 'not before the lease runs out').toEqual([]);
    await vi.advanceTimersByTimeAsync(COLLECTOR_LEASE_MS + CLAIM_EVERY_MS);
    reports.publish(report('gw-b', 4));
    await vi.advanceTimersByTimeAsync(200);
    expect(snapshots(b.fleet).at(-1)?.now.rpm).toBe(4);
    expect(snapshots(a.fleet)).toEqual([]);
  });

  it('a collector that cannot renew its lease (Redis gone) stops collecting and says why', async () => {
    fakeTime();
    const inner = new InProcessLeases();
    let redisDown = false;
    const leases: Leases = {
      claim: (name, holder, ttl) => (redisDown ? Promise.reject(new Error('connection lost')) : inner.claim(name, holder, ttl)),
      renew: (name, holder, ttl) => (redisDown ? Promise.reject(new Error('connection lost')) : inner.renew(name, holder, ttl)),
    };
    const { reports, errors, a, b } = twoGateways({ leases });
    await vi.advanceTimersByTimeAsync(0);
    redisDown = true;
    await vi.advanceTimersByTimeAsync(CLAIM_EVERY_MS);
    reports.publish(report('gw-a', 1));
    await vi.advanceTimersByTimeAsync(200);
    expect([...snapshots(a.fleet), ...snapshots(b.fleet)]).toEqual([]);
    expect(errors.map(String)).toContain('Error: connection lost');
  });
});
