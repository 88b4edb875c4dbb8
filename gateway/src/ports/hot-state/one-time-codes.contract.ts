import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OneTimeCodes } from './one-time-codes.js';

/** Every OneTimeCodes adapter must pass this suite; `open` gives several gateways on one store. */
export function runOneTimeCodesContract(name: string, open: () => OneTimeCodes[]): void {
  describe(`OneTimeCodes contract: ${name}`, () => {
    const email = () => `${randomBytes(4).toString('hex')}@example.com`;

    it('redeems a code once, on any gateway', async () => {
      const [a, b] = open();
      const key = email();
      await a!.issue('v', key, 'abc123', 60_000);
      expect(await (b ?? a)!.redeem('v', key, 'abc123')).toBe(true);
      expect(await a!.redeem('v', key, 'abc123')).toBe(false);
    });

    it('gives one success to many concurrent redemptions', async () => {
      const gateways = open();
      const key = email();
      await gateways[0]!.issue('r', key, 'token', 60_000);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => gateways[i % gateways.length]!.redeem('r', key, 'token')));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('refuses a wrong code without using up the right one', async () => {
      const [codes] = open();
      const key = email();
      await codes!.issue('v', key, 'right1', 60_000);
      expect(await codes!.redeem('v', key, 'wrong1')).toBe(false);
      expect(await codes!.redeem('v', key, 'right1')).toBe(true);
    });

    it('keeps purposes and keys apart, and a new code replaces the old one', async () => {
      const [codes] = open();
      const key = email();
      await codes!.issue('v', key, 'first1', 60_000);
      await codes!.issue('v', key, 'second', 60_000);
      expect(await codes!.redeem('r', key, 'second')).toBe(false);
      expect(await codes!.redeem('v', email(), 'second')).toBe(false);
      expect(await codes!.redeem('v', key, 'first1')).toBe(false);
      expect(await codes!.redeem('v', key, 'second')).toBe(true);
    });

    it('refuses a code after it expired', async () => {
      const [codes] = open();
      const key = email();
      await codes!.issue('v', key, 'short1', 150);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await codes!.redeem('v', key, 'short1')).toBe(false);
    });
  });
}
