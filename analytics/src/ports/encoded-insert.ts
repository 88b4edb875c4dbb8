/**
 * Rows already written as an insert's body: JSONCompactEachRow, one JSON array a line, in the
 * order of `columns`. Built by `encodeRows` on whichever thread prepares a batch (the embedded
 * ingestion's own, off the relay's loop), inserted by the thread that owns the engine.
 */
export interface EncodedRows {
  columns: string[];
  /** Its own ArrayBuffer (not a pool's slice, nor shared memory): it can be transferred to another thread. */
  body: Uint8Array<ArrayBuffer>;
}

/** An analytics engine that takes a ready insert body as it is, without the rows. */
export interface EncodedInserter {
  /** Appends the encoded rows to `table` in one insert. */
  insertEncoded(table: string, rows: EncodedRows): Promise<void>;
}
