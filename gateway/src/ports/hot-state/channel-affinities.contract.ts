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
      expect(await store!.get(key())).toBeNull();
    });

    it('remembers the last channel set for a key, for every gateway', async () => {
      const [a, b] = open();
      const k = key();
      await a!.set(k, 7, 60, 1000);
      expect(await b!.get(k)).toBe(7);
      await b!.set(k, 9, 60, 1000);
      expect(await a!.get(k)).toBe(9);
    });

    it('keeps keys apart', async () => {
      const [store] = open();
      const [k1, k2] = [key(), key()];
      await store!.set(k1, 1, 60, 1000);
      await store!.set(k2, 2, 60, 1000);
      expect([await store!.get(k1), await store!.get(k2)]).toEqual([1, 2]);
    });

    it('forgets a key once its time to live has passed since the last set', async () => {
      const [store] = open();
      const k = key();
      await store!.set(k, 3, 2, 1000);
      await sleep(1200);
      await store!.set(k, 3, 2, 1000); // a later call renews it
      await sleep(1200);
      expect(await store!.get(k)).toBe(3);
      await sleep(1500);
      expect(await store!.get(k)).toBeNull();
    });
  });
}
