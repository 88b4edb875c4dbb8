/**
 * The newest balance this store read back for each document, so that what it announces never
 * goes back in time. Hot state takes an announced balance as it is: when two partitions write one
 * user (after partitions were added), each reads the document back right after its write (under
 * the document's lock, so the reads follow the writes' order), but the two batches may be announced
 * in the other order. Each batch announces the newest value read back by then, whichever partition
 * read it. Bounded: at `limit` entries it starts again empty, and a document then announces its
 * own batch's read (the order is again at risk only for users written by two partitions at once).
 */
export class LatestBalances {
  private readonly byKey = new Map<string, unknown>();

  constructor(private readonly limit = 100_000) {}

  /** Called under the document's lock, right after its write: reads arrive in the writes' order. */
  record(key: string, balance: unknown): void {
    if (this.byKey.size >= this.limit && !this.byKey.has(key)) this.byKey.clear();
    this.byKey.set(key, balance);
  }

  newest<T>(key: string, read: T): T {
    return (this.byKey.get(key) as T | undefined) ?? read;
  }
}
