import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Leases } from './leases.js';

/** Every Leases adapter (in-process, Redis) must pass this suite; `others` are more gateways on the same store. */
export function runLeasesContract(name: string, open: () => Leases[]): void {
  describe(`Leases contract: ${name}`, () => {
    const lease = () => `lease-${randomBytes(4).toString('hex')}`;

    it('grants a name to one of many concurrent claimants across gateways', async () => {
      const gateways = open();
      const name = lease();
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => gateways[i % gateways.length]!.claim(name, `gateway-${i}`, 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('refuses the holder itself until the lease has run out, then grants it again', async () => {
      const [leases] = open();
      const name = lease();
      expect(await leases!.claim(name, 'a', 300)).toBe(true);
      expect(await leases!.claim(name, 'a', 300)).toBe(false);
      expect(await leases!.claim(name, 'b', 300)).toBe(false);
      await new Promise((r) => setTimeout(r, 400));
      expect(await leases!.claim(name, 'b', 300)).toBe(true);
    });

    it('renews a lease for its holder only, and not once it has run out', async () => {
      const [leases, other] = open();
      const name = lease();
      expect(await leases!.claim(name, 'a', 300)).toBe(true);
      expect(await other!.renew(name, 'b', 60_000)).toBe(false);
      expect(await other!.renew(name, 'a', 600)).toBe(true);
      await new Promise((r) => setTimeout(r, 400)); // past the first 300 ms: held by the renewal
      expect(await other!.claim(name, 'b', 300)).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(await leases!.renew(name, 'a', 60_000)).toBe(false);
      expect(await other!.claim(name, 'b', 300)).toBe(true);
    });

    it('keeps names apart', async () => {
      const [leases] = open();
      expect(await leases!.claim(lease(), 'a', 60_000)).toBe(true);
      expect(await leases!.claim(lease(), 'a', 60_000)).toBe(true);
    });
  });
}
