import type { Connection } from 'mongoose';
import type { Channel, ChannelStore } from '../../ports/documents/channel-store.js';
import { NumberedCollection } from './numbered-collection.js';

const channelShape = {
  type: Number,
  name: String,
  key: String,
  status: Number,
  baseUrl: String,
  other: String,
  models: String,
  group: String,
  modelMapping: String,
  statusCodeMapping: String,
  openaiOrganization: String,
  testModel: String,
  autoBan: Number,
  priority: Number,
  weight: Number,
  balance: Number,
  responseTime: Number,
  testTime: Number,
  balanceUpdatedTime: Number,
  createdTime: Number,
  otherInfo: String,
  tag: { type: String, default: '' },
  remark: { type: String, default: '' },
  setting: { type: String, default: '' },
  paramOverride: { type: String, default: '' },
  headerOverride: { type: String, default: '' },
  settings: { type: String, default: '' },
  channelInfo: { type: String, default: '' },
};

/** Upstream channels in MongoDB. */
export async function createMongoChannelStore(connection: Connection): Promise<ChannelStore> {
  const channels = new NumberedCollection<Channel>(connection, 'channels', channelShape);
  return {
    create: (channel) => channels.insert(channel),
    restore: (channel) => channels.restore(channel),
    byId: (id) => channels.findOne({ _id: id }),
    update: (id, patch) => channels.update(id, patch),
    delete: (id) => channels.delete(id),
    all: () => channels.all(),
  };
}
