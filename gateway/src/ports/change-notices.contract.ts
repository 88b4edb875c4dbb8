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
      await new Promise((r) => setTimeout(r, 50));
      a.publish('tokens', 42);
      a.publish('options');
      await until(() => heardByA.length === 2 && heardByB.length === 2);
      expect(heardByB).toEqual([['tokens', 42], ['options', undefined]]);
      expect(heardByA).toEqual(heardByB);
      await close();
    });

    it('stops delivering to a listener that unsubscribed', async () => {
      const [a, b, close] = await factory();
      const heard: Heard[] = [];
      const stop = b.subscribe((kind, id) => heard.push([kind, id]));
      const marker: Heard[] = [];
      b.subscribe((kind, id) => marker.push([kind, id]));
      await new Promise((r) => setTimeout(r, 50));
      stop();
      a.publish('channels', 1);
      await until(() => marker.length === 1);
      expect(heard).toEqual([]);
      await close();
    });
  });
}
