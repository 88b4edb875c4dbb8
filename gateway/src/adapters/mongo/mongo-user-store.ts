import type { Connection } from 'mongoose';
import type { NewUser, User, UserStore } from '../../ports/documents/user-store.js';
import { containing, NumberedCollection } from './numbered-collection.js';

const userShape = {
  username: String,
  passwordHash: String,
  displayName: String,
  role: Number,
  status: Number,
  email: String,
  group: String,
  affCode: String,
  inviterId: Number,
  affCount: { type: Number, default: 0 },
  affQuota: { type: Number, default: 0 },
  affHistoryQuota: { type: Number, default: 0 },
  /** Left by the invite-counter compare-and-set of versions before the ledger kept the invite account; never read. */
  affVersion: { type: Number, default: 0 },
  accessToken: String,
  githubId: String,
  wechatId: String,
  telegramId: String,
  linuxDoId: String,
  oidcId: { type: String, default: '' },
  setting: { type: String, default: '' },
  remark: { type: String, default: '' },
  createdAt: Number,
  deletedAt: { type: Number, default: null },
};

/** The admin search: id exactly, or username, display name or email containing the keyword; group exact. */
function searchFilter(query: { keyword?: string; group?: string }): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (query.keyword) {
    const pattern = containing(query.keyword);
    const either: Record<string, unknown>[] = [{ username: pattern }, { displayName: pattern }, { email: pattern }];
    if (/^\d+$/.test(query.keyword)) either.push({ _id: Number(query.keyword) });
    filter.$or = either;
  }
  if (query.group) filter.group = query.group;
  return filter;
}

/** Documents written before the invite counters existed read them as zero; the version stays inside. */
function withCounters(stored: User | null): User | null {
  if (!stored) return null;
  const { affVersion: _version, ...user } = stored as User & { affVersion?: number };
  return { ...user, affCount: user.affCount ?? 0, affQuota: user.affQuota ?? 0, affHistoryQuota: user.affHistoryQuota ?? 0, setting: user.setting ?? '', oidcId: user.oidcId ?? '', remark: user.remark ?? '' };
}

/** Users in MongoDB. Deleted users keep their document (deletedAt set) so their name stays taken. */
export async function createMongoUserStore(connection: Connection): Promise<UserStore> {
  const users = new NumberedCollection<User>(connection, 'users', userShape, [
    { fields: { username: 1 }, unique: true },
    { fields: { accessToken: 1 } },
    { fields: { affCode: 1 } },
    { fields: { email: 1 } },
    { fields: { githubId: 1 } },
    { fields: { wechatId: 1 } },
    { fields: { telegramId: 1 } },
    { fields: { linuxDoId: 1 } },
    { fields: { oidcId: 1 } },
  ]);
  await users.ready();
  return {
    restore: (user) => users.restore(user),
    create: (user: NewUser) => users.insert({ ...user, affCount: 0, affQuota: 0, affHistoryQuota: 0, setting: '', remark: '', createdAt: Math.floor(Date.now() / 1000), deletedAt: null }),
    byId: async (id) => withCounters(await users.findOne({ _id: id })),
    byUsername: async (username) => withCounters(await users.findOne({ username })),
    byAccessToken: async (token) => (token ? withCounters(await users.findOne({ accessToken: token })) : null),
    byAffCode: async (affCode) => (affCode ? withCounters(await users.findOne({ affCode })) : null),
    byEmail: async (email) => (email ? withCounters(await users.findOne({ email })) : null),
    byLinkedAccount: async (field, id) => (id ? withCounters(await users.findOne({ [field]: id })) : null),
    update: async (id, patch) => withCounters(await users.update(id, patch)),
    list: async (query) => {
      const page = await users.page(searchFilter(query), { _id: -1 }, query.offset, query.limit);
      return { items: page.items.map((user) => withCounters(user) as User), total: page.total };
    },
    count: () => users.count(),
  };
}
