import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisCircuitBreakers } from '../../src/adapters/redis/breakers/circuit-breakers.js';
import { type RedisWork, RedisWorkProbe } from '../../src/adapters/redis/redis-work.js';
import type { BreakerTransition } from '../../src/ports/hot-state/circuit-breakers.js';
import { buildRelayHarness, type RelayHarness } from '../fakes/relay-harness.js';
import { startPrivateRedis } from '../support/engines/private-redis.js';

/**
 * Issue #40: what the channels' circuit breakers cost Redis per relayed call, on the cluster
 * adapter, and how that grows with the fleet. Fleets of 1, 2, 4 and 8 relays, each with its own
 * Redis connections, share one private Redis that holds only the breakers (every other port of
 * these relays is in-process), so INFO's counts are the breaker's alone. Each fleet goes through
 * the breaker's life: healthy, failing until it opens, open, a probe that fails (reopened), a
 * probe that answers (closed); every phase's commands and bytes are counted. Clients never see the
 * failures: RetryTimes 1 sends each to the healthy backup channel.
 */
const DEAD = 'http://127.0.0.1:1';
const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
const THRESHOLD = 3;
/** Long enough for OPEN_CALLS to go while the breaker is open; a reopening doubles it to MAX_COOL_DOWN_MS. */
const COOL_DOWN_MS = 1_500;
const MAX_COOL_DOWN_MS = 3_000;
const OPTIONS = { CircuitBreakerFailureThreshold: String(THRESHOLD), CircuitBreakerWindowSeconds: '60', CircuitBreakerCoolDownSeconds: String(COOL_DOWN_MS / 1000), CircuitBreakerMaxCoolDownSeconds: String(MAX_COOL_DOWN_MS / 1000), RetryTimes: '1' };
const STEADY_CALLS = 200;
const OPEN_CALLS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Relay {
  h: RelayHarness;
  bearer: string;
  /** The channel whose breaker is watched (priority 10; the backup below it answers meanwhile). */
  flakyId: number;
}

interface PhaseCost {
  calls: number;
  commands: number;
  bytes: number;
  byCommand: Record<string, number>;
}

function delta(before: RedisWork, after: RedisWork, calls: number): PhaseCost {
  const byCommand: Record<string, number> = {};
  for (const [name, count] of Object.entries(after.byCommand)) if (count > (before.byCommand[name] ?? 0)) byCommand[name] = count - (before.byCommand[name] ?? 0);
  return { calls, commands: after.commands - before.commands, bytes: after.bytes - before.bytes, byCommand };
}

describe("the circuit breaker's Redis cost per relayed call, by fleet size", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  async function fleetOf(size: number, url: string, prefix: string): Promise<{ relays: Relay[]; heard: string[] }> {
    const relays: Relay[] = [];
    const heard: string[] = [];
    for (let i = 0; i < size; i++) {
      const [commands, subscriber] = [new Redis(url), new Redis(url)];
      cleanups.push(async () => (commands.disconnect(), subscriber.disconnect()));
      const breakers = new RedisCircuitBreakers(commands, subscriber, `${prefix}breakers`, prefix, (error) => console.error(error));
      const h = await buildRelayHarness(OPTIONS, {}, { breakers });
      const user = await h.addUser({ quota: 1_000_000_000 });
      const { bearer } = await h.addKey(user.id);
      const flaky = await h.addChannel({ priority: 10, key: 'sk-flaky' });
      await h.addChannel({ priority: 0, key: 'sk-backup' });
      if (i === 0) h.deps.breakers.subscribe((t: BreakerTransition) => heard.push(t.change));
      relays.push({ h, bearer, flakyId: flaky.id });
    }
    return { relays, heard };
  }

  async function costOf(size: number): Promise<Record<string, PhaseCost>> {
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.close());
    const probe = new RedisWorkProbe(redis.url);
    cleanups.push(async () => probe.close());
    const prefix = `tg-breaker-cost-${size}:`;
    const { relays, heard } = await fleetOf(size, redis.url, prefix);
    await waitFor(async () => (await probe.subscribers(`${prefix}breakers`)) === size, 'every relay follows the transitions');
    // The three scripts loaded once, on a channel no relay routes to: what is counted after is EVALSHA alone.
    const warm = relays[0]!.h.deps.breakers;
    const settings = { threshold: 1, windowMs: 1_000, coolDownMs: 1, maxCoolDownMs: 1 };
    await warm.failure({ channelId: 999 }, Date.now(), settings, 'warm-up');
    await sleep(5);
    await warm.claimProbe({ channelId: 999 }, 'warm', Date.now());
    await warm.probeEnded({ channelId: 999 }, 'warm', true, Date.now(), settings, 'warm-up');
    await sleep(100);

    let next = 0;
    const call = async () => {
      const relay = relays[next++ % size]!;
      const response = await relay.h.post('/v1/chat/completions', relay.bearer, CHAT);
      expect(response.statusCode, response.body).toBe(200);
    };
    const pointFlakyAt = async (baseUrl: (relay: Relay) => string) => {
      for (const relay of relays) {
        await relay.h.deps.channels.update(relay.flakyId, { baseUrl: baseUrl(relay) });
        relay.h.deps.notices.publish('channels', relay.flakyId);
      }
      await sleep(50);
    };
    const measured = async (run: () => Promise<number>): Promise<PhaseCost> => {
      const before = await probe.work();
      const calls = await run();
      await sleep(200); // the failures' reports, sent beside the calls, and the transitions' deliveries
      return delta(before, await probe.work(), calls);
    };
    /** A phase's work, its bytes net of the probe's own INFO replies (an idle phase's bytes, measured after it). */
    const phase = async (run: () => Promise<number>): Promise<PhaseCost> => {
      const cost = await measured(run);
      const idle = await measured(async () => 0);
      return { ...cost, bytes: cost.bytes - idle.bytes };
    };
    /** Calls one after another, round robin, until relay 0 has heard `change`; the calls it took. */
    const count = (change: string) => heard.filter((c) => c === change).length;
    const until = async (change: string, seen = count(change)) => {
      let calls = 0;
      while (count(change) === seen) {
        await call();
        calls += 1;
        await sleep(20);
        if (calls > 200) throw new Error(`no ${change} after 200 calls`);
      }
      return calls;
    };
    /** After the cool-down, every relay gets a call at once (each may try the probe slot), then on until `change`. */
    const probeUntil = async (change: string) => {
      const seen = count(change);
      await sleep(MAX_COOL_DOWN_MS + 100);
      await Promise.all(relays.map(() => call()));
      await sleep(50);
      return size + (await until(change, seen));
    };
    const steady = (calls: number) => async () => {
      for (let i = 0; i < calls; i++) await call();
      return calls;
    };

    const costs: Record<string, PhaseCost> = {};
    costs.closed = await phase(steady(STEADY_CALLS));
    await pointFlakyAt(() => DEAD);
    costs.opening = await phase(() => until('opened'));
    costs.open = await phase(steady(OPEN_CALLS));
    costs.reopening = await phase(() => probeUntil('reopened'));
    await pointFlakyAt((relay) => relay.h.upstream.url);
    costs.closing = await phase(() => probeUntil('closed'));
    costs.closedAgain = await phase(steady(STEADY_CALLS));
    console.info(`${size} relay(s):`, JSON.stringify(costs));
    return costs;
  }

  it('costs a healthy call and a call while open nothing, and a transition a few commands whose bytes grow with the relays that hear it', async () => {
    const bySize = new Map<number, Record<string, PhaseCost>>();
    for (const size of [1, 2, 4, 8]) {
      bySize.set(size, await costOf(size));
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    }
    for (const [size, costs] of bySize) {
      // Closed or open, whatever the fleet: no command at all.
      for (const steady of ['closed', 'open', 'closedAgain']) expect(costs[steady]?.commands, `${size} relays, ${steady}`).toBe(0);
      // One transition published per opening, reopening (half-open, reopened) and closing (half-open, closed).
      expect([costs.opening?.byCommand.spublish, costs.reopening?.byCommand.spublish, costs.closing?.byCommand.spublish], `${size} relays`).toEqual([1, 2, 2]);
      // The failures that opened it: the threshold's scripts, and a few more from calls sent before a relay heard the opening.
      expect(costs.opening?.byCommand.evalsha ?? 0).toBeGreaterThanOrEqual(THRESHOLD);
      // A half-open period: at most one claim per relay that tried the slot, and the probe's outcome.
      for (const probing of ['reopening', 'closing']) expect(costs[probing]?.byCommand.evalsha ?? 0, `${size} relays, ${probing}`).toBeLessThanOrEqual(size + 1);
    }
  }, 300_000);
});

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(25);
  }
}
