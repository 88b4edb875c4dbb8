import { describe, expect, it } from 'vitest';
import { emptyTally } from '../ops/ops-tally.js';
import type { GatewayReport, GatewayReports } from './gateway-reports.js';

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('report not delivered in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function report(gatewayId: string, calls: number): GatewayReport {
  const tally = emptyTally();
  tally.calls = calls;
  tally.channels['3'] = { calls, errors: { '429': 1 }, tokens: 12, quota: 12, latency: { 20: calls }, firstToken: {} };
  tally.users['7'] = { name: 'dora', quota: 12, calls };
  return { gatewayId, version: 'v0.1.0', startedAt: 1, atMs: Date.now(), eventLoopUtilization: 0.25, inFlight: 2, tally };
}

/**
 * Every GatewayReports adapter must pass this. `factory` returns two handles on the same bus
 * (two gateways); delivery may be asynchronous.
 */
export function runGatewayReportsContract(name: string, factory: () => Promise<[GatewayReports, GatewayReports, () => Promise<void>]>): void {
  describe(`GatewayReports contract: ${name}`, () => {
    it('delivers each report whole to every gateway, the sender included', async () => {
      const [a, b, close] = await factory();
      const heardByA: GatewayReport[] = [];
      const heardByB: GatewayReport[] = [];
      a.subscribe((r) => heardByA.push(r));
      b.subscribe((r) => heardByB.push(r));
      await new Promise((r) => setTimeout(r, 50));
      const fromA = report('gw-a', 3);
      const fromB = report('gw-b', 1);
      a.publish(fromA);
      b.publish(fromB);
      await until(() => heardByA.length === 2 && heardByB.length === 2);
      const byGateway = (heard: GatewayReport[]) => [...heard].sort((x, y) => x.gatewayId.localeCompare(y.gatewayId));
      expect(byGateway(heardByB)).toEqual([fromA, fromB]);
      expect(byGateway(heardByA)).toEqual([fromA, fromB]);
      await close();
    });

    it('stops delivering to a listener that unsubscribed', async () => {
      const [a, b, close] = await factory();
      const heard: GatewayReport[] = [];
      const marker: GatewayReport[] = [];
      const stop = b.subscribe((r) => heard.push(r));
      b.subscribe((r) => marker.push(r));
      await new Promise((r) => setTimeout(r, 50));
      stop();
      a.publish(report('gw-a', 1));
      await until(() => marker.length === 1);
      expect(heard).toEqual([]);
      await close();
    });
  });
}
