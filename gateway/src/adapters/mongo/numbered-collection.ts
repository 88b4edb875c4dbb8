import type { Connection, Model, SchemaDefinition, SortOrder } from 'mongoose';
import { Schema } from 'mongoose';

type Filter = Record<string, unknown>;

interface Counter {
  _id: string;
  seq: number;
}

/** The `counters` collection: one atomic `$inc` per new id, so ids grow like SQLite's rowids. */
function counterModel(connection: Connection) {
  return (connection.models.Counter as Model<Counter> | undefined) ?? connection.model<Counter>('Counter', new Schema<Counter>({ _id: String, seq: Number }, { versionKey: false }), 'counters');
}

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/** A regular expression matching `text` literally anywhere, any case (SQL's LIKE '%text%'). */
export function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/**
 * Documents with the integer ids the wire format uses, kept as `_id`. Reads are lean (plain
 * objects); writes are single-document, so no transaction is ever needed.
 */
export class NumberedCollection<T extends { id: number }> {
  private readonly model: Model<Record<string, unknown>>;
  /**
   * The schema's top-level defaults. Lean reads skip mongoose's defaults, so a document written
   * before a field was added (a channel from before `tag` existed) would read it as undefined.
   */
  private readonly defaults: Array<[string, unknown]> = [];

  constructor(
    private readonly connection: Connection,
    private readonly name: string,
    shape: SchemaDefinition,
    indexes: { fields: Record<string, 1 | -1>; unique?: boolean }[] = [],
  ) {
    const schema = new Schema<Record<string, unknown>>({ _id: Number, ...shape }, { versionKey: false, strict: true });
    for (const index of indexes) schema.index(index.fields, { unique: index.unique ?? false });
    schema.eachPath((path, type) => {
      const fallback = (type as { defaultValue?: unknown }).defaultValue;
      if (path !== '_id' && !path.includes('.') && fallback !== undefined) this.defaults.push([path, fallback]);
    });
    this.model = (connection.models[name] as Model<Record<string, unknown>> | undefined) ?? connection.model<Record<string, unknown>>(name, schema, name);
  }

  /** Builds the indexes (unique names, keys) before the first write relies on them. */
  async ready(): Promise<void> {
    await this.model.createIndexes();
  }

  /**
   * Inserts under the next id. On a server whose `$inc` is a read then a write (FerretDB), two
   * callers can draw the same id: the unique `_id` refuses the second, which draws again. Any
   * other duplicate (a taken username) is the caller's error.
   */
  async insert(fields: Omit<T, 'id'>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const id = await this.nextId();
      try {
        await this.model.create({ _id: id, ...fields });
        return { id, ...fields } as T;
      } catch (error) {
        const idTaken = isDuplicate(error) && (await this.model.exists({ _id: id })) !== null;
        if (!idTaken || attempt >= 20) throw error;
      }
    }
  }

  /**
   * Inserts `document` under its own id (an import keeping another system's ids) unless that id
   * is taken; false when it was. The counter moves past it, so later inserts draw higher ids.
   */
  async restore(document: T): Promise<boolean> {
    const { id, ...fields } = document;
    try {
      await this.model.create({ _id: id, ...fields });
    } catch (error) {
      if (isDuplicate(error) && (await this.model.exists({ _id: id })) !== null) return false;
      throw error;
    }
    await counterModel(this.connection).updateOne({ _id: this.name }, { $max: { seq: id } }, { upsert: true });
    return true;
  }

  /** The next id, drawn and never handed out again (a caller that records it before inserting under it, with `restore`). */
  async nextId(): Promise<number> {
    const counters = counterModel(this.connection);
    for (;;) {
      try {
        const counter = await counters.findOneAndUpdate({ _id: this.name }, { $inc: { seq: 1 } }, { upsert: true, new: true }).lean();
        return counter?.seq as number;
      } catch (error) {
        // Two first-ever upserts race to create the counter; the loser increments the winner's.
        if (!isDuplicate(error)) throw error;
      }
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return this.toPort(await this.model.findOne(filter).sort({ _id: 1 }).lean());
  }

  async update(id: number, patch: Partial<Omit<T, 'id'>>): Promise<T | null> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const updated = Object.keys(set).length ? await this.model.findOneAndUpdate({ _id: id }, { $set: set }, { new: true }).lean() : await this.model.findById(id).lean();
    return this.toPort(updated);
  }

  /** One atomic update (`$inc`, ...) of the document `id` when it also matches `condition`; false when none did. */
  async updateIf(id: number, condition: Filter, update: Record<string, unknown>): Promise<boolean> {
    return (await this.model.updateOne({ _id: id, ...condition }, update)).matchedCount === 1;
  }

  async delete(id: number): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id })).deletedCount === 1;
  }

  async page(filter: Filter, sort: Record<string, SortOrder>, offset: number, limit: number): Promise<{ items: T[]; total: number }> {
    const [rows, total] = await Promise.all([this.model.find(filter).sort(sort).skip(offset).limit(limit).lean(), this.model.countDocuments(filter)]);
    return { items: rows.map((row) => this.toPort(row) as T), total };
  }

  async all(sort: Record<string, SortOrder> = { _id: 1 }): Promise<T[]> {
    return (await this.model.find().sort(sort).lean()).map((row) => this.toPort(row) as T);
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.model.countDocuments(filter);
  }

  private toPort(row: Record<string, unknown> | null): T | null {
    if (!row) return null;
    const { _id, ...fields } = row;
    for (const [path, fallback] of this.defaults) if (fields[path] === undefined) fields[path] = typeof fallback === 'function' ? (fallback as () => unknown)() : fallback;
    return { id: _id as number, ...fields } as T;
  }
}
