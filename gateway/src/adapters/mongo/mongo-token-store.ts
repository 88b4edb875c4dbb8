import type { Connection } from 'mongoose';
import type { Token, TokenStore } from '../../ports/documents/token-store.js';
import { containing, NumberedCollection } from './numbered-collection.js';

const tokenShape = {
  userId: Number,
  key: String,
  name: String,
  status: Number,
  createdTime: Number,
  accessedTime: Number,
  expiredTime: Number,
  unlimitedQuota: Boolean,
  modelLimitsEnabled: Boolean,
  modelLimits: [String],
  allowIps: [String],
  group: String,
};

/** API keys in MongoDB; a key is unique. */
export async function createMongoTokenStore(connection: Connection): Promise<TokenStore> {
  const tokens = new NumberedCollection<Token>(connection, 'tokens', tokenShape, [
    { fields: { key: 1 }, unique: true },
    { fields: { userId: 1, _id: -1 } },
  ]);
  await tokens.ready();
  return {
    create: (token) => tokens.insert(token),
    restore: (token) => tokens.restore(token),
    byId: (id) => tokens.findOne({ _id: id }),
    byKey: (key) => tokens.findOne({ key }),
    update: (id, patch) => tokens.update(id, patch),
    delete: (id) => tokens.delete(id),
    listByUser(userId, query) {
      const filter: Record<string, unknown> = { userId };
      if (query.keyword) filter.name = containing(query.keyword);
      if (query.key) filter.key = containing(query.key);
      return tokens.page(filter, { _id: -1 }, query.offset, query.limit);
    },
  };
}
