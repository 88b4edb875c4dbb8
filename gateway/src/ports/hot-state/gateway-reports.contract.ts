import { describe, expect, it } from 'vitest';
import { emptyTally } from './ops-tally.js';
import type { GatewayReport, GatewayReports } from './gateway-reports.js';

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not delivered in time`);
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

const WARM_UP = 'warm-up';
/** What a listener heard, warm-up reports left out. */
const real = (heard: GatewayReport[]) => heard.filter((r) => !r.gatewayId.startsWith(WARM_UP));

/**
 * Subscribing over a network completes at no set time (a busy machine takes longer): each side
 * publishes warm-up reports until every listener given has heard both sides.
 */
async function untilSubscribed(a: GatewayReports, b: GatewayReports, listeners: GatewayReport[][]): Promise<void> {
  const hearsBoth = (heard: GatewayReport[]) => heard.some((r) => r.gatewayId === `${WARM_UP}-a`) && heard.some((r) => r.gatewayId === `${WARM_UP}-b`);
  const deadline = Date.now() + 5_000;
  while (!listeners.every(hearsBoth)) {
    if (Date.now() > deadline) throw new Error('never subscribed');
    a.publish(report(`${WARM_UP}-a`, 0));
    b.publish(report(`${WARM_UP}-b`, 0));
    await new Promise((r) => setTimeout(r, 50));
  }
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
      a.collect((r) => heardByA.push(r));
      b.collect((r) => heardByB.push(r));
      await untilSubscribed(a, b, [heardByA, heardByB]);
      const fromA = report('gw-a', 3);
      const fromB = report('gw-b', 1);
      a.publish(fromA);
      b.publish(fromB);
      await until(() => real(heardByA).length === 2 && real(heardByB).length === 2, 'both reports');
      const byGateway = (heard: GatewayReport[]) => real(heard).sort((x, y) => x.gatewayId.localeCompare(y.gatewayId));
      expect(byGateway(heardByB)).toEqual([fromA, fromB]);
      expect(byGateway(heardByA)).toEqual([fromA, fromB]);
      await close();
    });

    it('stops delivering to a listener that unsubscribed', async () => {
      const [a, b, close] = await factory();
      const heard: GatewayReport[] = [];
      const marker: GatewayReport[] = [];
      const stop = b.collect((r) => heard.push(r));
      b.collect((r) => marker.push(r));
      await untilSubscribed(a, b, [marker]);
      stop();
      const before = real(heard).length;
      a.publish(report('gw-a', 1));
      await until(() => real(marker).length === 1, 'the report');
      expect(real(heard).length).toBe(before);
      expect(before).toBe(0);
      await close();
    });
  });
}
