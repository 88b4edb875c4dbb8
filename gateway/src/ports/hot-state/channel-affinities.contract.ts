import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChannelAffinities } from './channel-affinities.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every ChannelAffinities adapter (in-process, IPC, Redis) must pass this suite; `open` gives the stores of gateways sharing one engine. */
export function runChannelAffinitiesContract(name: string, open: () => ChannelAffinities[]): void {
  describe(`ChannelAffinities contract: ${name}`, () => {
    const key = () => `conversation-${randomBytes(4).toString('hex')}`;

    it('knows nothing of a key never set', async () => {
      const [store] = open();
      expect(await store!.get(key(), 'r')).toBeNull();
    });

    it('remembers the last channel set for a key, for every gateway', async () => {
      const [a, b] = open();
      const k = key();
      await a!.set(k, 7, 60, 1000);
      expect(await b!.get(k, 'r')).toBe(7);
      await b!.set(k, 9, 60, 1000);
      expect(await a!.get(k, 'r')).toBe(9);
    });

    it('keeps keys apart', async () => {
      const [store] = open();
      const [k1, k2] = [key(), key()];
      await store!.set(k1, 1, 60, 1000);
      await store!.set(k2, 2, 60, 1000);
      expect([await store!.get(k1, 'r'), await store!.get(k2, 'r')]).toEqual([1, 2]);
    });

    it('forgets a key once its time to live has passed since the last set', async () => {
      const [store] = open();
      const k = key();
      await store!.set(k, 3, 2, 1000);
      await sleep(1200);
      await store!.set(k, 3, 2, 1000); // a later call renews it
      await sleep(1200);
      expect(await store!.get(k, 'r')).toBe(3);
      await sleep(1500);
      expect(await store!.get(k, 'r')).toBeNull();
    });

    it("counts entries in all and under each rule's prefix, and clears one rule's entries and lookups", async () => {
      const [a, b] = open();
      const [p1, p2] = [`${key()}.`, `${key()}.`];
      const before = (await a!.entries([])).total;
      await a!.set(`${p1}x`, 1, 60, 1000);
      await b!.set(`${p1}y`, 2, 60, 1000);
      await a!.set(`${p2}z`, 3, 60, 1000);
      expect(await b!.entries([p1, p2])).toMatchObject({ total: before + 3, byPrefix: [2, 1] });
      expect(await b!.clear({ prefix: p1, rule: 'one' })).toBe(2);
      expect([await a!.get(`${p1}x`, 'r'), await a!.get(`${p2}z`, 'r')]).toEqual([null, 3]);
      expect(await a!.entries([p1, p2])).toMatchObject({ total: before + 1, byPrefix: [0, 1] });
    });

    it('adds up lookups per rule over every gateway (a hit found a channel); clearing a rule or all starts them again', async () => {
      const [a, b] = open();
      const [one, two] = [key(), key()];
      const k = key();
      await a!.get(k, one); // a miss
      await a!.set(k, 4, 60, 1000);
      await b!.get(k, one); // a hit, on the other gateway
      await b!.get(k, two);
      await b!.get(key(), two);
      // A gateway adds its counts to the shared ones when it reads them (and every few seconds as it routes).
      await b!.lookups();
      const counted = await a!.lookups();
      expect([counted[one], counted[two]]).toEqual([{ hits: 1, misses: 1 }, { hits: 1, misses: 1 }]);
      await a!.clear({ prefix: `${key()}.`, rule: one });
      const left = await b!.lookups();
      expect([left[one], left[two]]).toEqual([undefined, { hits: 1, misses: 1 }]);
      const dropped = await b!.clear('all');
      expect(dropped).toBeGreaterThanOrEqual(1);
      expect(await a!.get(k, one)).toBeNull();
      await a!.clear('all'); // that lookup too
      expect(await a!.lookups()).toEqual({});
      expect((await b!.entries([])).total).toBe(0);
    });
  });
}
