import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimiters } from './rate-limiter.js';

/** Every RateLimiters adapter (in-process, Redis) must pass this suite. */
export function runRateLimiterContract(name: string, limiters: RateLimiters): void {
  const rule = (points: number, durationSeconds = 60) => ({ name: `test-${randomBytes(4).toString('hex')}`, points, durationSeconds });

  describe(`RateLimiter contract: ${name}`, () => {
    it('allows `points` calls per key in the window, then says how long to wait', async () => {
      const limiter = limiters(rule(3, 60));
      const verdicts = [];
      for (let i = 0; i < 4; i++) verdicts.push(await limiter.take('10.0.0.1'));
      expect(verdicts.slice(0, 3)).toEqual([null, null, null]);
      expect(verdicts[3]).toBeGreaterThan(0);
      expect(verdicts[3]).toBeLessThanOrEqual(60);
    });

    it('counts each key on its own', async () => {
      const limiter = limiters(rule(1));
      expect(await limiter.take('10.0.0.1')).toBeNull();
      expect(await limiter.take('10.0.0.2')).toBeNull();
      expect(await limiter.take('10.0.0.1')).not.toBeNull();
    });

    it('keeps rules apart even for the same key', async () => {
      const [a, b] = [limiters(rule(1)), limiters(rule(1))];
      expect(await a.take('k')).toBeNull();
      expect(await b.take('k')).toBeNull();
    });

    it('allows no more than `points` of many concurrent calls', async () => {
      const limiter = limiters(rule(5));
      const verdicts = await Promise.all(Array.from({ length: 20 }, () => limiter.take('burst')));
      expect(verdicts.filter((v) => v === null)).toHaveLength(5);
    });

    it('opens again once the window has passed', async () => {
      const limiter = limiters(rule(1, 1));
      expect(await limiter.take('k')).toBeNull();
      expect(await limiter.take('k')).toBe(1);
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await limiter.take('k')).toBeNull();
    });

    it('reserves like take, and a reservation given back counts no more', async () => {
      const limiter = limiters(rule(2, 60));
      const first = await limiter.reserve('k');
      const second = await limiter.reserve('k');
      if (typeof first === 'number' || typeof second === 'number') throw new Error('two points were left');
      const third = await limiter.reserve('k');
      expect(third).toBeGreaterThan(0);
      expect(third).toBeLessThanOrEqual(60);
      await first.giveBack();
      expect(typeof (await limiter.reserve('k'))).toBe('object');
      expect(typeof (await limiter.reserve('k'))).toBe('number');
      expect(typeof (await limiter.reserve('other'))).toBe('object');
    });

    it('lets no more than `points` of a parallel burst reserve, and a refused burst leaves no count behind', async () => {
      const limiter = limiters(rule(5, 60));
      const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.reserve('burst')));
      const reservations = verdicts.filter((v) => typeof v === 'object');
      expect(reservations).toHaveLength(5);
      // Every reserved call fails: the key is as open as before the burst, for exactly `points` again.
      await Promise.all(reservations.map((r) => r.giveBack()));
      const again = await Promise.all(Array.from({ length: 20 }, () => limiter.reserve('burst')));
      expect(again.filter((v) => typeof v === 'object')).toHaveLength(5);
    });

    it('gives nothing back once the window it was taken in has ended', async () => {
      const limiter = limiters(rule(1, 1));
      const reserved = await limiter.reserve('k');
      if (typeof reserved === 'number') throw new Error('a point was left');
      await new Promise((r) => setTimeout(r, 1_100));
      await reserved.giveBack(); // late: the next window must not gain a point from it
      expect(typeof (await limiter.reserve('k'))).toBe('object');
      expect(typeof (await limiter.reserve('k'))).toBe('number');
    });
  });
}
