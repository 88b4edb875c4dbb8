import type { Database } from 'better-sqlite3';
import type { Channel, ChannelStore, NewChannel } from '../../../ports/documents/channel-store.js';
import { type ColumnMap, StatementCache, toRow } from './columns.js';

const channelColumns: ColumnMap<NewChannel> = {
  table: 'channels',
  columns: {
    type: 'type',
    name: 'name',
    key: 'channel_key',
    status: 'status',
    baseUrl: 'base_url',
    other: 'other',
    models: 'models',
    group: 'channel_group',
    modelMapping: 'model_mapping',
    statusCodeMapping: 'status_code_mapping',
    openaiOrganization: 'openai_organization',
    testModel: 'test_model',
    autoBan: 'auto_ban',
    priority: 'priority',
    weight: 'weight',
    balance: 'balance',
    responseTime: 'response_time',
    testTime: 'test_time',
    balanceUpdatedTime: 'balance_updated_time',
    createdTime: 'created_time',
    otherInfo: 'other_info',
    tag: 'tag',
    remark: 'remark',
    setting: 'setting',
    paramOverride: 'param_override',
    headerOverride: 'header_override',
    settings: 'settings',
    channelInfo: 'channel_info',
  },
};

type ChannelRow = Record<string, unknown> & { id: number };

/** Reads a row back through the same column map the writes use, so the two cannot drift apart. */
function fromRow(row: ChannelRow): Channel {
  const channel: Record<string, unknown> = { id: row.id };
  for (const [field, column] of Object.entries(channelColumns.columns)) channel[field] = row[column];
  return channel as unknown as Channel;
}

/** Upstream channels in SQLite. */
export function createSqliteChannelStore(db: Database): ChannelStore {
  const cache = new StatementCache(db);
  const byId = (id: number): Channel | null => {
    const row = cache.prepare('SELECT * FROM channels WHERE id = ?').get(id) as ChannelRow | undefined;
    return row ? fromRow(row) : null;
  };
  return {
    async restore({ id, ...channel }) {
      return cache.insertUnlessIdTaken('channels', { id, ...toRow(channelColumns, channel) });
    },
    async create(channel) {
      return byId(cache.insert('channels', toRow(channelColumns, channel))) as Channel;
    },
    async byId(id) {
      return byId(id);
    },
    async update(id, patch) {
      return cache.update('channels', id, toRow(channelColumns, patch)) ? byId(id) : null;
    },
    async delete(id) {
      return cache.prepare('DELETE FROM channels WHERE id = ?').run(id).changes > 0;
    },
    async all() {
      return (cache.prepare('SELECT * FROM channels ORDER BY id').all() as ChannelRow[]).map(fromRow);
    },
  };
}
