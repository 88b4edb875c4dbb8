import type { Connection } from 'mongoose';
import { Schema } from 'mongoose';
import type { OptionStore } from '../../ports/documents/option-store.js';

interface OptionDocument {
  _id: string;
  value: string;
}

/** Options in MongoDB: one document per key. */
export function createMongoOptionStore(connection: Connection): OptionStore {
  const options = connection.models.Option ?? connection.model('Option', new Schema<OptionDocument>({ _id: String, value: String }, { versionKey: false }), 'options');
  return {
    async all() {
      const rows = await options.find().lean<OptionDocument[]>();
      return Object.fromEntries(rows.map((row) => [row._id, row.value ?? '']));
    },
    async set(key, value) {
      await options.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
    },
  };
}
