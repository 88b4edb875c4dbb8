import type { Connection } from 'mongoose';
import type { NewUser, User, UserStore } from '../../ports/user-store.js';
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
  accessToken: String,
  githubId: String,
  wechatId: String,
  telegramId: String,
  linuxDoId: String,
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

/** Users in MongoDB. Deleted users keep their document (deletedAt set) so their name stays taken. */
export async function createMongoUserStore(connection: Connection): Promise<UserStore> {
  const users = new NumberedCollection<User>(connection, 'users', userShape, [
    { fields: { username: 1 }, unique: true },
    { fields: { accessToken: 1 } },
    { fields: { affCode: 1 } },
  ]);
  await users.ready();
  return {
    create: (user: NewUser) => users.insert({ ...user, createdAt: Math.floor(Date.now() / 1000), deletedAt: null }),
    byId: (id) => users.findOne({ _id: id }),
    byUsername: (username) => users.findOne({ username }),
    byAccessToken: async (token) => (token ? users.findOne({ accessToken: token }) : null),
    byAffCode: async (affCode) => (affCode ? users.findOne({ affCode }) : null),
    update: (id, patch) => users.update(id, patch),
    list: (query) => users.page(searchFilter(query), { _id: -1 }, query.offset, query.limit),
    count: () => users.count(),
  };
}
