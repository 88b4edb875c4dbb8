import { describe, expect, it } from 'vitest';
import type { ChangeKind, ChangeNotices } from './change-notices.js';

type Heard = [ChangeKind, number | undefined];

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('notice not delivered in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The id of the notices sent only to learn that every subscription is live; assertions leave them out. */
const WARM_UP = -1;
const real = (heard: Heard[]) => heard.filter(([, id]) => id !== WARM_UP);

/**
 * Sends warm-up notices until every list has heard one: a Redis subscription goes live some time
 * after subscribe() returns, longer on a loaded machine than any fixed wait.
 */
async function untilSubscribed(sender: ChangeNotices, ...lists: Heard[][]): Promise<void> {
  await until(() => {
    if (lists.every((heard) => heard.some(([, id]) => id === WARM_UP))) return true;
    sender.publish('options', WARM_UP);
    return false;
  }, 10_000);
}

/**
 * Every ChangeNotices adapter must pass this. `factory` returns two handles on the same bus
 * (two gateways); delivery may be asynchronous.
 */
export function runChangeNoticesContract(name: string, factory: () => Promise<[ChangeNotices, ChangeNotices, () => Promise<void>]>): void {
  describe(`ChangeNotices contract: ${name}`, () => {
    it('delivers a notice, with its id, to every gateway including the sender', async () => {
      const [a, b, close] = await factory();
      const heardByA: Heard[] = [];
      const heardByB: Heard[] = [];
      a.subscribe((kind, id) => heardByA.push([kind, id]));
      b.subscribe((kind, id) => heardByB.push([kind, id]));
      await untilSubscribed(a, heardByA, heardByB);
      a.publish('tokens', 42);
      a.publish('options');
      await until(() => real(heardByA).length === 2 && real(heardByB).length === 2);
      expect(real(heardByB)).toEqual([['tokens', 42], ['options', undefined]]);
      expect(real(heardByA)).toEqual(real(heardByB));
      await close();
    });

    // A channel disabled then enabled must not end disabled on another gateway.
    it("delivers one gateway's notices to another in the order they were sent", async () => {
      const [a, b, close] = await factory();
      const heard: Heard[] = [];
      b.subscribe((kind, id) => heard.push([kind, id]));
      await untilSubscribed(a, heard);
      for (let id = 0; id < 200; id++) a.publish(id % 2 === 0 ? 'channels' : 'users', id);
      await until(() => real(heard).length === 200, 5_000);
      expect(real(heard).map(([, id]) => id)).toEqual(Array.from({ length: 200 }, (_, id) => id));
      await close();
    });

    it('stops delivering to a listener that unsubscribed', async () => {
      const [a, b, close] = await factory();
      const heard: Heard[] = [];
      const stop = b.subscribe((kind, id) => heard.push([kind, id]));
      const marker: Heard[] = [];
      b.subscribe((kind, id) => marker.push([kind, id]));
      await untilSubscribed(a, heard, marker);
      stop();
      a.publish('channels', 1);
      await until(() => real(marker).length === 1);
      expect(real(heard)).toEqual([]);
      await close();
    });
  });
}
