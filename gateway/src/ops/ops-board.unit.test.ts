import { describe, expect, it } from 'vitest';
import type { GatewayReport } from '../ports/hot-state/gateway-reports.js';
import { OpsMeter, type OpsCall } from './ops-meter.js';
import { OpsBoard } from './ops-board.js';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 30);
const call = (fields: Partial<OpsCall>): OpsCall => ({ channelId: 1, model: 'm', status: 200, useTimeMs: 100, tokens: 10, quota: 5, ...fields });

function report(gatewayId: string, atMs: number, calls: Partial<OpsCall>[], inFlight = 0): GatewayReport {
  const meter = new OpsMeter();
  for (const fields of calls) meter.record(call(fields));
  return { gatewayId, version: 'v1', startedAt: 0, atMs, eventLoopUtilization: 0.5, inFlight, tally: meter.drain() };
}

describe('OpsBoard', () => {
  it('adds up every gateway over the last minute: RPM, TPM, spend and error rate', () => {
    const board = new OpsBoard();
    board.add(report('a', T0, [{}, {}, { status: 500, tokens: 0, quota: 0 }]), T0);
    board.add(report('b', T0 + 400, [{ quota: 20, tokens: 30 }]), T0 + 400);
    expect(board.snapshot(T0 + 500).now).toEqual({ rpm: 4, tpm: 50, spendPerMinute: 30, errorRate: 0.25 });
  });

  it('forgets a second once it is more than a minute old, but keeps it in the hour', () => {
    const board = new OpsBoard();
    board.add(report('a', T0, [{}, {}]), T0);
    board.add(report('a', T0 + 30_000, [{}]), T0 + 30_000);
    const later = board.snapshot(T0 + 60_500);
    expect(later.now.rpm).toBe(1);
    expect(later.minutes.map((m) => [m.minute, m.calls])).toEqual([[Math.floor(T0 / 60_000) * 60, 2], [Math.floor(T0 / 60_000) * 60 + 60, 1]]);
    expect(board.snapshot(T0 + 3_700_000).minutes).toEqual([]);
  });

  it('ranks channels and models by calls with their percentiles, and the top spenders by quota', () => {
    const board = new OpsBoard();
    const dora = { id: 7, name: 'dora' };
    const eve = { id: 8, name: 'eve' };
    board.add(report('a', T0, [{ channelId: 2, useTimeMs: 1_000, user: eve, quota: 50 }, { user: dora }, { user: dora }, { channelId: 1, status: 429, user: dora }]), T0);
    const snapshot = board.snapshot(T0);
    expect(snapshot.channels.map((c) => [c.key, c.calls, c.errors])).toEqual([['1', 3, { '429': 1 }], ['2', 1, {}]]);
    expect(snapshot.channels[1]?.p95Ms).toBeGreaterThanOrEqual(1_000);
    expect(snapshot.channels[0]?.p50Ms).toBeLessThanOrEqual(110);
    expect(snapshot.topUsers.map((u) => [u.name, u.quota, u.calls])).toEqual([['eve', 50, 1], ['dora', 15, 3]]);
  });

  it('lists each gateway with its latest health until it falls silent', () => {
    const board = new OpsBoard();
    board.add(report('a', T0, [], 3), T0);
    board.add(report('b', T0 + 3_000, [], 1), T0 + 3_000);
    expect(board.snapshot(T0 + 3_000).fleet.map((g) => [g.id, g.inFlight])).toEqual([['a', 3], ['b', 1]]);
    expect(board.snapshot(T0 + 6_000).fleet.map((g) => g.id)).toEqual(['b']);
  });
});
