import type { Connection } from 'mongoose';

const DUPLICATE_KEY = 11000;

/**
 * One-time claims: inserting a document with a given `_id` succeeds for exactly one caller on any
 * MongoDB-wire server (the `_id` index is unique), whereas a conditional update is a read then a
 * write on some of them (FerretDB), where two callers could both win.
 */
export class Claims {
  constructor(private readonly connection: Connection) {}

  /** True for the first caller to claim `name`, false for every later one. */
  async claim(name: string): Promise<boolean> {
    try {
      await this.connection.collection<{ _id: string; at: number }>('claims').insertOne({ _id: name, at: Date.now() });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }
}
