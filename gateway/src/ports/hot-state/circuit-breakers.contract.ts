import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type BreakerKey, type BreakerSettings, type BreakerTransition, type CircuitBreakers, breakerName, isTransition } from './circuit-breakers.js';

const SETTINGS: BreakerSettings = { threshold: 3, windowMs: 10_000, coolDownMs: 1_000, maxCoolDownMs: 3_000 };
/** A start time far from zero, as real ones are; each step is an injected time, never a sleep. */
const T0 = 1_700_000_000_000;

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('transition not delivered in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function fail(breakers: CircuitBreakers, id: BreakerKey, times: number, at: (i: number) => number, settings = SETTINGS) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await breakers.failure(id, at(i), settings, `failure ${i}`));
  return answers;
}

/** A breaker opened at T0 with the first cool-down. */
async function opened(breakers: CircuitBreakers, id: BreakerKey): Promise<void> {
  const answers = await fail(breakers, id, SETTINGS.threshold, (i) => T0 + i);
  expect(answers.filter(isTransition).map((t) => t.change)).toEqual(['opened']);
}

/**
 * Every CircuitBreakers adapter passes this. `factory` returns two gateways on the same store;
 * a transition may reach subscribers asynchronously.
 */
export function runCircuitBreakersContract(name: string, factory: () => Promise<[CircuitBreakers, CircuitBreakers, () => Promise<void>]>): void {
  describe(`CircuitBreakers contract: ${name}`, () => {
    /** A channel's own breaker, on a channel no other test uses. */
    const channel = (): BreakerKey => ({ channelId: randomInt(1, 2 ** 31) });

    it('opens after the threshold of failures within the window, not after one fewer', async () => {
      const [a, b, close] = await factory();
      const id = channel();
      const first = await fail(a, id, SETTINGS.threshold - 1, (i) => T0 + i * 1000);
      expect(first.some(isTransition)).toBe(false);
      expect(first.at(-1)).toMatchObject({ state: 'closed' });
      const last = await b.failure(id, T0 + 5_000, SETTINGS, 'HTTP 500');
      expect(last).toMatchObject({ ...id, change: 'opened', state: 'open', until: T0 + 5_000 + SETTINGS.coolDownMs, coolDownMs: SETTINGS.coolDownMs, reason: 'HTTP 500' });
      await close();
    });

    it('does not open on the threshold of failures spread beyond the window (a sliding window)', async () => {
      const [a, , close] = await factory();
      const id = channel();
      // 0, 6 s, 12 s: never three within 10 s. Then 13 s opens: 6, 12 and 13 are.
      const spread = await fail(a, id, 3, (i) => T0 + i * 6_000);
      expect(spread.some(isTransition)).toBe(false);
      expect(await a.failure(id, T0 + 13_000, SETTINGS, 'x')).toMatchObject({ change: 'opened' });
      await close();
    });

    it('a failure of an open breaker changes nothing; no probe is claimed before the cool-down has passed', async () => {
      const [a, b, close] = await factory();
      const id = channel();
      await opened(a, id);
      expect(await b.failure(id, T0 + 10, SETTINGS, 'late')).toMatchObject({ state: 'open', until: T0 + 2 + SETTINGS.coolDownMs });
      expect(isTransition(await b.claimProbe(id, 'early', T0 + SETTINGS.coolDownMs - 1))).toBe(false);
      await close();
    });

    it('lets exactly one of 50 concurrent claimants on two gateways probe once the cool-down has passed', async () => {
      const [a, b, close] = await factory();
      const id = channel();
      await opened(a, id);
      const at = T0 + 2 + SETTINGS.coolDownMs;
      const claims = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).claimProbe(id, `caller-${i}`, at)));
      const won = claims.filter(isTransition);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ change: 'half-open', state: 'half-open', until: at + SETTINGS.coolDownMs });
      expect(isTransition(await a.claimProbe(id, 'later', at + 1))).toBe(false);
      await close();
    });

    it("closes on the probe's success, and counts failures afresh after", async () => {
      const [a, b, close] = await factory();
      const id = channel();
      await opened(a, id);
      const at = T0 + 2 + SETTINGS.coolDownMs;
      expect(await b.claimProbe(id, 'probe', at)).toMatchObject({ change: 'half-open' });
      expect(await a.probeEnded(id, 'someone else', true, at + 5, SETTINGS, 'ok')).toBeNull();
      expect(await b.probeEnded(id, 'probe', true, at + 5, SETTINGS, 'ok')).toMatchObject({ change: 'closed', state: 'closed', until: 0 });
      const after = await fail(a, id, SETTINGS.threshold - 1, (i) => at + 10 + i);
      expect(after.some(isTransition)).toBe(false);
      expect(isTransition(await a.claimProbe(id, 'another', at + 100_000))).toBe(false);
      await close();
    });

    it("reopens on the probe's failure with the cool-down doubled, up to the cap", async () => {
      const [a, b, close] = await factory();
      const id = channel();
      await opened(a, id);
      let at = T0 + 2 + SETTINGS.coolDownMs;
      const coolDowns: number[] = [];
      for (let round = 0; round < 3; round++) {
        expect(await (round % 2 ? a : b).claimProbe(id, `probe-${round}`, at)).toMatchObject({ change: 'half-open' });
        const reopened = await (round % 2 ? a : b).probeEnded(id, `probe-${round}`, false, at + 1, SETTINGS, 'HTTP 503');
        expect(reopened).toMatchObject({ change: 'reopened', state: 'open', reason: 'HTTP 503' });
        coolDowns.push(reopened?.coolDownMs ?? 0);
        expect(reopened?.until).toBe(at + 1 + (reopened?.coolDownMs ?? 0));
        expect(isTransition(await a.claimProbe(id, 'too early', at + (reopened?.coolDownMs ?? 0)))).toBe(false);
        at = reopened?.until ?? 0;
      }
      expect(coolDowns).toEqual([2_000, 3_000, 3_000]);
      await close();
    });

    it('frees the slot of a probe that never reported after one cool-down', async () => {
      const [a, b, close] = await factory();
      const id = channel();
      await opened(a, id);
      const at = T0 + 2 + SETTINGS.coolDownMs;
      expect(await a.claimProbe(id, 'lost', at)).toMatchObject({ change: 'half-open' });
      expect(isTransition(await b.claimProbe(id, 'next', at + SETTINGS.coolDownMs - 1))).toBe(false);
      expect(await b.claimProbe(id, 'next', at + SETTINGS.coolDownMs)).toMatchObject({ change: 'half-open' });
      expect(await a.probeEnded(id, 'lost', true, at + SETTINGS.coolDownMs + 1, SETTINGS, 'ok')).toBeNull();
      await close();
    });

    it('keeps channels apart', async () => {
      const [a, , close] = await factory();
      const [one, other] = [channel(), channel()];
      await opened(a, one);
      expect(await a.failure(other, T0, SETTINGS, 'x')).toMatchObject({ state: 'closed' });
      expect(await a.claimProbe(other, 'p', T0 + 100_000)).toEqual({ ...other, state: 'closed', until: 0, coolDownMs: 0 });
      await close();
    });

    it("keeps a multi-key channel's keys apart from each other and from the channel's own breaker", async () => {
      const [a, b, close] = await factory();
      const { channelId } = channel();
      const [key0, key1] = [{ channelId, keyIndex: 0 }, { channelId, keyIndex: 1 }];
      await opened(a, key1);
      expect(await b.failure(key0, T0 + 10, SETTINGS, 'x')).toEqual({ ...key0, state: 'closed', until: 0, coolDownMs: 0 });
      expect(await b.claimProbe({ channelId }, 'p', T0 + 100_000)).toEqual({ channelId, state: 'closed', until: 0, coolDownMs: 0 });
      // The key's own failures count apart: two more of key 0 open it, not one.
      expect(await a.failure(key0, T0 + 11, SETTINGS, 'x')).toMatchObject({ state: 'closed' });
      expect(await a.failure(key0, T0 + 12, SETTINGS, 'x')).toMatchObject({ ...key0, change: 'opened' });
      const at = T0 + 2 + SETTINGS.coolDownMs;
      expect(await a.claimProbe(key1, 'probe', at)).toMatchObject({ ...key1, change: 'half-open' });
      expect(await b.probeEnded(key1, 'probe', true, at + 1, SETTINGS, 'ok')).toMatchObject({ ...key1, change: 'closed', state: 'closed' });
      expect(await b.claimProbe(key0, 'probe', T0 + 12 + SETTINGS.coolDownMs)).toMatchObject({ ...key0, change: 'half-open' });
      await close();
    });

    it('tells every gateway, the one that made it included, each transition in order', async () => {
      const [a, b, close] = await factory();
      const heardByA: BreakerTransition[] = [];
      const heardByB: BreakerTransition[] = [];
      const stops = [a.subscribe((t) => heardByA.push(t)), b.subscribe((t) => heardByB.push(t))];
      // A subscription may go live after subscribe() returns: transitions of a warm-up channel until both hear one.
      const warmUp = channel();
      const warmUpErrors: unknown[] = [];
      let at = T0;
      await until(() => {
        if (heardByA.length > 0 && heardByB.length > 0) return true;
        const step = (at += 100);
        a.failure(warmUp, step, { ...SETTINGS, threshold: 1, coolDownMs: 1 }, 'warm-up')
          .then(() => a.claimProbe(warmUp, 'w', step + 10))
          .then(() => a.probeEnded(warmUp, 'w', true, step + 11, SETTINGS, ''))
          .catch((error: unknown) => warmUpErrors.push(error));
        return false;
      });
      // A key's breaker: its transitions name the key on every gateway (the warm-up's name the channel).
      const id = { ...channel(), keyIndex: 2 };
      await opened(a, id);
      const probeAt = T0 + 2 + SETTINGS.coolDownMs;
      await b.claimProbe(id, 'p', probeAt);
      await b.probeEnded(id, 'p', false, probeAt + 1, SETTINGS, 'still failing');
      await a.claimProbe(id, 'q', probeAt + 1 + 2 * SETTINGS.coolDownMs);
      await a.probeEnded(id, 'q', true, probeAt + 2 + 2 * SETTINGS.coolDownMs, SETTINGS, 'answered');
      const ofId = (heard: BreakerTransition[]) => heard.filter((t) => breakerName(t) === breakerName(id)).map((t) => [t.change, t.reason]);
      await until(() => ofId(heardByA).length === 5 && ofId(heardByB).length === 5);
      const expected = [['opened', 'failure 2'], ['half-open', ''], ['reopened', 'still failing'], ['half-open', ''], ['closed', 'answered']];
      expect(ofId(heardByA)).toEqual(expected);
      expect(ofId(heardByB)).toEqual(expected);
      expect(warmUpErrors).toEqual([]);
      stops.forEach((stop) => stop());
      await close();
    });
  });
}
