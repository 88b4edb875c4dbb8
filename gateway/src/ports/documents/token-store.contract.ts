import { describe, expect, it, onTestFinished } from 'vitest';
import type { StoreFactory } from './store-fixture.js';
import { type NewToken, TokenStatus, type TokenStore } from './token-store.js';

export function newToken(overrides: Partial<NewToken> = {}): NewToken {
  return {
    userId: 1,
    key: 'k'.repeat(48),
    name: 'my token',
    status: TokenStatus.Enabled,
    createdTime: 1_700_000_000,
    accessedTime: 1_700_000_000,
    expiredTime: -1,
    unlimitedQuota: false,
    modelLimitsEnabled: true,
    modelLimits: ['gpt-4o', 'gpt-4o-mini'],
    allowIps: ['10.0.0.1', '10.0.0.2'],
    group: '',
    ...overrides,
  };
}

/** The behaviour every TokenStore adapter must have. */
export function runTokenStoreContract(name: string, factory: StoreFactory<TokenStore>): void {
  const open = async (): Promise<TokenStore> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };

  describe(`TokenStore contract: ${name}`, () => {
    it('creates tokens with increasing ids and reads them back by id and key, lists intact', async () => {
      const tokens = await open();
      const a = await tokens.create(newToken());
      const b = await tokens.create(newToken({ key: 'b'.repeat(48), unlimitedQuota: true, modelLimits: [], allowIps: [] }));
      expect(b.id).toBeGreaterThan(a.id);
      expect(a).toEqual({ ...newToken(), id: a.id });
      expect(await tokens.byKey('b'.repeat(48))).toEqual(b);
      expect(b.modelLimits).toEqual([]);
      expect(await tokens.byId(9999)).toBeNull();
      expect(await tokens.byKey('missing')).toBeNull();
    });

    it('refuses a duplicate key', async () => {
      const tokens = await open();
      await tokens.create(newToken());
      await expect(tokens.create(newToken())).rejects.toThrow();
    });

    it('updates only the given fields and deletes', async () => {
      const tokens = await open();
      const a = await tokens.create(newToken());
      const updated = await tokens.update(a.id, { status: TokenStatus.Disabled, modelLimits: ['x'], modelLimitsEnabled: false });
      expect(updated).toEqual({ ...a, status: TokenStatus.Disabled, modelLimits: ['x'], modelLimitsEnabled: false });
      expect(await tokens.update(9999, { name: 'x' })).toBeNull();
      expect(await tokens.delete(a.id)).toBe(true);
      expect(await tokens.delete(a.id)).toBe(false);
      expect(await tokens.byId(a.id)).toBeNull();
    });

    it("lists one user's tokens newest first, by name keyword and key part", async () => {
      const tokens = await open();
      const a = await tokens.create(newToken({ name: 'alpha', key: `${'a'.repeat(40)}XYZ12345` }));
      const b = await tokens.create(newToken({ name: 'beta', key: 'b'.repeat(48) }));
      await tokens.create(newToken({ userId: 2, name: 'alpha', key: 'c'.repeat(48) }));
      const all = await tokens.listByUser(1, { offset: 0, limit: 10 });
      expect(all.total).toBe(2);
      expect(all.items.map((t) => t.id)).toEqual([b.id, a.id]);
      expect((await tokens.listByUser(1, { offset: 1, limit: 1 })).items.map((t) => t.id)).toEqual([a.id]);
      expect((await tokens.listByUser(1, { offset: 0, limit: 10, keyword: 'alp' })).items.map((t) => t.id)).toEqual([a.id]);
      expect((await tokens.listByUser(1, { offset: 0, limit: 10, key: 'XYZ123' })).items.map((t) => t.id)).toEqual([a.id]);
      expect((await tokens.listByUser(3, { offset: 0, limit: 10 })).total).toBe(0);
    });
  });
}
