import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SessionStore } from './session-store.js';

const DAY_MS = 24 * 3600 * 1000;
const newKey = () => randomBytes(32).toString('hex');
/** User ids unique per run, so adapters on a shared server (Redis) start each test clean. */
let nextUser = Math.floor(Math.random() * 1e9);
const newUserId = () => ++nextUser;

/** Every SessionStore adapter must pass this suite; `open` gives several gateways on one store. */
export function runSessionStoreContract(name: string, open: () => SessionStore[]): void {
  describe(`SessionStore contract: ${name}`, () => {
    it('finds a started session on any gateway, and not once it ended', async () => {
      const [a, b = a] = open();
      const key = newKey();
      const userId = newUserId();
      const expiresAt = Date.now() + DAY_MS;
      await a!.start(key, { userId, expiresAt });
      expect(await b!.find(key)).toEqual({ userId, expiresAt });
      await b!.end(key);
      expect(await a!.find(key)).toBeNull();
      await a!.end(key);
    });

    it('finds nothing under a key it never kept', async () => {
      const [store] = open();
      expect(await store!.find(newKey())).toBeNull();
    });

    it("ends every session of one user, keeps another user's, and can keep one", async () => {
      const [a, b = a] = open();
      const [alice, bob] = [newUserId(), newUserId()];
      const [a1, a2, a3, b1] = [newKey(), newKey(), newKey(), newKey()];
      const expiresAt = Date.now() + DAY_MS;
      for (const [key, userId] of [[a1, alice], [a2, alice], [a3, alice], [b1, bob]] as const) await a!.start(key, { userId, expiresAt });
      expect(await b!.endAllOf(alice, a3)).toBe(2);
      expect(await a!.find(a1)).toBeNull();
      expect(await a!.find(a2)).toBeNull();
      expect(await a!.find(a3)).toEqual({ userId: alice, expiresAt });
      expect(await a!.find(b1)).toEqual({ userId: bob, expiresAt });
      expect(await b!.endAllOf(alice)).toBe(1);
      expect(await a!.find(a3)).toBeNull();
      expect(await a!.endAllOf(alice)).toBe(0);
    });

    it('forgets a session once it expired', async () => {
      const [store] = open();
      const key = newKey();
      const userId = newUserId();
      await store!.start(key, { userId, expiresAt: Date.now() + 150 });
      expect(await store!.find(key)).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await store!.find(key)).toBeNull();
      expect(await store!.endAllOf(userId)).toBe(0);
    });
  });
}
