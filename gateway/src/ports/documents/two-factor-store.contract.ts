import { describe, expect, it, onTestFinished } from 'vitest';
import type { StoreFactory } from './store-fixture.js';
import type { TwoFactorStore } from './two-factor-store.js';

const LIMIT = { maxAttempts: 3, lockMs: 60_000 };

/** Every TwoFactorStore adapter (SQLite, MongoDB) must pass this. */
export function runTwoFactorStoreContract(name: string, factory: StoreFactory<TwoFactorStore>): void {
  const open = async (): Promise<TwoFactorStore> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };
  const enabledFor = async (store: TwoFactorStore, userId: number, hashes = ['h1', 'h2']) => {
    await store.beginSetup(userId, `SECRET${userId}`, hashes);
    await store.enable(userId);
  };

  describe(`TwoFactorStore contract: ${name}`, () => {
    it('keeps a setup pending until enabled, and refuses a new setup while enabled', async () => {
      const store = await open();
      expect(await store.byUserId(1)).toBeNull();
      expect(await store.enable(1)).toBe(false);
      expect(await store.beginSetup(1, 'FIRST', ['a'])).toBe(true);
      expect(await store.beginSetup(1, 'SECOND', ['b', 'c'])).toBe(true);
      expect(await store.byUserId(1)).toEqual({ userId: 1, secret: 'SECOND', enabled: false, failedAttempts: 0, lockedUntil: null, backupCodesRemaining: 2 });
      expect(await store.enable(1)).toBe(true);
      expect(await store.enable(1)).toBe(false);
      expect(await store.beginSetup(1, 'THIRD', ['d'])).toBe(false);
      expect(await store.byUserId(1)).toMatchObject({ secret: 'SECOND', enabled: true });
      expect(await store.unusedBackupCodeHashes(1)).toEqual(expect.arrayContaining(['b', 'c']));
    });

    it('removes a setting with its recovery codes, once', async () => {
      const store = await open();
      await enabledFor(store, 2);
      expect(await store.remove(2)).toBe(true);
      expect(await store.remove(2)).toBe(false);
      expect(await store.byUserId(2)).toBeNull();
      expect(await store.unusedBackupCodeHashes(2)).toEqual([]);
      expect(await store.beginSetup(2, 'AGAIN', ['z'])).toBe(true);
    });

    it('uses each recovery code once, however many callers race for it', async () => {
      const store = await open();
      await enabledFor(store, 3, ['h1', 'h2', 'h3']);
      const wins = await Promise.all(Array.from({ length: 10 }, () => store.useBackupCode(3, 'h2')));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await store.useBackupCode(3, 'h2')).toBe(false);
      expect(await store.useBackupCode(3, 'unknown')).toBe(false);
      expect(await store.useBackupCode(4, 'h1')).toBe(false);
      expect((await store.unusedBackupCodeHashes(3)).sort()).toEqual(['h1', 'h3']);
      expect(await store.byUserId(3)).toMatchObject({ backupCodesRemaining: 2 });
    });

    it('replaces the recovery codes of an enabled setting only', async () => {
      const store = await open();
      await store.beginSetup(5, 'S', ['old']);
      expect(await store.replaceBackupCodes(5, ['new'])).toBe(false);
      await store.enable(5);
      await store.useBackupCode(5, 'old');
      expect(await store.replaceBackupCodes(5, ['n1', 'n2', 'n3'])).toBe(true);
      expect((await store.unusedBackupCodeHashes(5)).sort()).toEqual(['n1', 'n2', 'n3']);
      expect(await store.useBackupCode(5, 'old')).toBe(false);
    });

    it('accepts each time step once, and never one older than the last accepted', async () => {
      const store = await open();
      await enabledFor(store, 6);
      const wins = await Promise.all(Array.from({ length: 10 }, () => store.claimStep(6, 1000)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await store.claimStep(6, 999)).toBe(false);
      expect(await store.claimStep(6, 1001)).toBe(true);
      expect(await store.claimStep(7, 1000)).toBe(false);
    });

    it('locks after the limit of attempts in a row until the lock ends, then counts afresh; a success clears the count', async () => {
      const store = await open();
      await enabledFor(store, 8);
      expect(await store.takeAttempt(8, 1_000, LIMIT)).toBeNull();
      expect(await store.takeAttempt(8, 1_001, LIMIT)).toBeNull();
      await store.clearAttempts(8);
      expect(await store.byUserId(8)).toMatchObject({ failedAttempts: 0, lockedUntil: null });
      for (let i = 0; i < 3; i++) expect(await store.takeAttempt(8, 2_000, LIMIT)).toBeNull();
      expect(await store.takeAttempt(8, 2_001, LIMIT)).toBe(62_000);
      expect(await store.byUserId(8)).toMatchObject({ failedAttempts: 3, lockedUntil: 62_000 });
      for (let i = 0; i < 3; i++) expect(await store.takeAttempt(8, 62_001, LIMIT)).toBeNull();
      expect(await store.takeAttempt(8, 62_002, LIMIT)).toBe(122_001);
    });

    it('lets no more than the limit of concurrent attempts through', async () => {
      const store = await open();
      await enabledFor(store, 9);
      const answers = await Promise.all(Array.from({ length: 12 }, () => store.takeAttempt(9, 5_000, LIMIT)));
      expect(answers.filter((a) => a === null)).toHaveLength(3);
    });

    it('counts the users with two-factor enabled', async () => {
      const store = await open();
      await enabledFor(store, 10);
      await enabledFor(store, 11);
      await store.beginSetup(12, 'pending', []);
      expect(await store.countEnabled()).toBe(2);
    });
  });
}
