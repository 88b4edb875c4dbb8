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

    it('peeks without counting: open while points are left, then how long to wait', async () => {
      const limiter = limiters(rule(2, 60));
      expect(await limiter.peek('k')).toBeNull();
      expect(await limiter.peek('k')).toBeNull();
      await limiter.take('k');
      expect(await limiter.peek('k')).toBeNull();
      await limiter.take('k');
      const wait = await limiter.peek('k');
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await limiter.peek('other')).toBeNull();
    });
  });
}
