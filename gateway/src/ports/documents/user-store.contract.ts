import { describe, expect, it, onTestFinished } from 'vitest';
import type { StoreFactory } from './store-fixture.js';
import { type NewUser, Role, UserStatus, type UserStore } from './user-store.js';

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    username: 'alice',
    passwordHash: 'scrypt$hash',
    displayName: 'Alice',
    role: Role.User,
    status: UserStatus.Enabled,
    email: '',
    group: 'default',
    affCode: '',
    inviterId: 0,
    accessToken: '',
    githubId: '',
    wechatId: '',
    telegramId: '',
    linuxDoId: '',
    oidcId: '',
    ...overrides,
  };
}

/** The behaviour every UserStore adapter must have. */
export function runUserStoreContract(name: string, factory: StoreFactory<UserStore>): void {
  const open = async (): Promise<UserStore> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };

  describe(`UserStore contract: ${name}`, () => {
    it('creates users with increasing integer ids and reads them back', async () => {
      const users = await open();
      const a = await users.create(newUser());
      const b = await users.create(newUser({ username: 'bob', role: Role.Admin }));
      expect(b.id).toBeGreaterThan(a.id);
      expect(a).toMatchObject({ ...newUser(), affCount: 0, affQuota: 0, affHistoryQuota: 0, deletedAt: null });
      expect(a.createdAt).toBeGreaterThan(0);
      expect(await users.byId(b.id)).toEqual(b);
      expect(await users.byUsername('bob')).toEqual(b);
      expect(await users.byId(9999)).toBeNull();
      expect(await users.count()).toBe(2);
    });

    it('refuses a second user with the same name', async () => {
      const users = await open();
      await users.create(newUser());
      await expect(users.create(newUser())).rejects.toThrow();
    });

    it('finds users by access token and invite code, never by an empty one', async () => {
      const users = await open();
      const a = await users.create(newUser({ accessToken: 'tok123', affCode: 'AbCd' }));
      await users.create(newUser({ username: 'bob' }));
      expect((await users.byAccessToken('tok123'))?.id).toBe(a.id);
      expect((await users.byAffCode('AbCd'))?.id).toBe(a.id);
      expect(await users.byAccessToken('')).toBeNull();
      expect(await users.byAffCode('')).toBeNull();
      expect(await users.byAffCode('nope')).toBeNull();
    });

    it('finds users by email, never by an empty one', async () => {
      const users = await open();
      const a = await users.create(newUser({ email: 'a@example.com' }));
      await users.create(newUser({ username: 'bob' }));
      expect((await users.byEmail('a@example.com'))?.id).toBe(a.id);
      expect(await users.byEmail('')).toBeNull();
      expect(await users.byEmail('b@example.com')).toBeNull();
    });

    it('finds users by a linked account, deleted or not, never by an empty id', async () => {
      const users = await open();
      const a = await users.create(newUser({ githubId: 'octocat', telegramId: '42' }));
      const b = await users.create(newUser({ username: 'bob', wechatId: 'wx-1', linuxDoId: '7', oidcId: 'sub-7' }));
      await users.update(b.id, { deletedAt: 1 });
      expect((await users.byLinkedAccount('githubId', 'octocat'))?.id).toBe(a.id);
      expect((await users.byLinkedAccount('telegramId', '42'))?.id).toBe(a.id);
      expect((await users.byLinkedAccount('wechatId', 'wx-1'))?.id).toBe(b.id);
      expect((await users.byLinkedAccount('linuxDoId', '7'))?.id).toBe(b.id);
      expect((await users.byLinkedAccount('oidcId', 'sub-7'))?.id).toBe(b.id);
      expect(await users.byLinkedAccount('oidcId', '')).toBeNull();
      expect(await users.byLinkedAccount('githubId', '42')).toBeNull();
      expect(await users.byLinkedAccount('githubId', '')).toBeNull();
    });

    it('updates only the given fields', async () => {
      const users = await open();
      const a = await users.create(newUser());
      const updated = await users.update(a.id, { displayName: 'Al', group: 'vip', deletedAt: 123 });
      expect(updated).toEqual({ ...a, displayName: 'Al', group: 'vip', deletedAt: 123 });
      expect(await users.update(9999, { displayName: 'x' })).toBeNull();
      expect(await users.update(a.id, {})).toEqual(updated);
      expect(a.remark).toBe('');
      expect(await users.update(a.id, { remark: 'pays by invoice' })).toEqual({ ...updated, remark: 'pays by invoice' });
    });

    it('lists newest first, pages, and searches by id, name, email and group', async () => {
      const users = await open();
      const a = await users.create(newUser({ email: 'a@example.com' }));
      const b = await users.create(newUser({ username: 'bob', displayName: 'Bobby', group: 'vip' }));
      const c = await users.create(newUser({ username: 'carol', displayName: 'C' }));
      const page = await users.list({ offset: 0, limit: 2 });
      expect(page.total).toBe(3);
      expect(page.items.map((u) => u.id)).toEqual([c.id, b.id]);
      expect((await users.list({ offset: 2, limit: 2 })).items.map((u) => u.id)).toEqual([a.id]);
      expect((await users.list({ offset: 0, limit: 10, keyword: 'obb' })).items.map((u) => u.id)).toEqual([b.id]);
      expect((await users.list({ offset: 0, limit: 10, keyword: 'example.com' })).items.map((u) => u.id)).toEqual([a.id]);
      expect((await users.list({ offset: 0, limit: 10, keyword: String(c.id) })).items.map((u) => u.id)).toContain(c.id);
      expect((await users.list({ offset: 0, limit: 10, group: 'vip' })).items.map((u) => u.id)).toEqual([b.id]);
      expect((await users.list({ offset: 0, limit: 10, keyword: '%' })).total).toBe(0);
    });
  });
}
