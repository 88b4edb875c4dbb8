import type { mongo } from 'mongoose';
import type { Clock } from '../../ports/balance-store.js';
import type { StoredEvent } from '../../ports/event-log.js';
import type { AppliedEventDocument } from './balance-documents.js';
import { duplicateIndexes } from './duplicate-keys.js';

/** After a look found every marker timed, the next look for untimed ones waits this long. */
const UNTIMED_RECHECK_MS = 3_600_000;

/**
 * `ledger_applied_events`: one marker per applied event id, with its position and the time it was
 * applied. A sweep deletes by `_id` what a bounded query found due, rather than relying on a TTL
 * index: FerretDB (the MongoDB-wire server of the tests) keeps no TTL monitor, and a sweep the
 * worker owns is bounded and logged alike on both. On MongoDB each query reads the `appliedAt`
 * index; FerretDB 1.24 pushes only equality filters down to PostgreSQL, so there each sweep scans
 * the collection (measured: about 3 s per 100,000 markers with nothing due, 11 s to forget 5,000 of
 * 100,000), which is why the worker sweeps every few minutes, not every batch.
 */
export class AppliedEventMarkers {
  /** When a look found no untimed marker; undefined until one did. */
  private allTimedAt: number | undefined;

  constructor(
    private readonly markers: mongo.Collection<AppliedEventDocument>,
    private readonly now: Clock,
  ) {}

  /** The time index the sweep reads; creating an index that exists is a no-op. */
  async ensureIndex(): Promise<void> {
    await this.markers.createIndex({ appliedAt: 1 });
  }

  /**
   * Records each event id with its position. An id already recorded at another position is a
   * duplicate append (a producer's retry) and is skipped; at the same position it is this batch
   * replayed after a crash, and the documents' offset guards decide what is left to apply.
   */
  async withoutDuplicates(fresh: StoredEvent[]): Promise<StoredEvent[]> {
    const appliedAt = new Date(this.now());
    const markers = fresh.map(({ partition, offset, event }) => ({ _id: event.metadata.eventId, partition, offset, appliedAt }));
    const taken = await this.markers.insertMany(markers, { ordered: false }).then(
      () => [],
      (error: unknown) => duplicateIndexes(error),
    );
    // Only ids already recorded are read back, one by one by _id: duplicates are rare, and a
    // query over the whole marker collection would grow with the log.
    const elsewhere = new Set<number>();
    for (const index of taken) {
      const marker = markers[index] as AppliedEventDocument;
      const recorded = await this.markers.findOne({ _id: marker._id });
      if (recorded?.partition !== marker.partition || recorded.offset !== marker.offset) elsewhere.add(index);
    }
    return fresh.filter((_, index) => !elsewhere.has(index));
  }

  /** Deletes up to `limit` markers applied more than `windowMs` ago; returns how many. */
  async forget(windowMs: number, limit: number): Promise<number> {
    await this.timeUntimed(limit);
    const cutoff = new Date(this.now() - windowMs);
    const due = await this.markers.find({ appliedAt: { $lt: cutoff } }, { projection: { _id: 1 } }).limit(limit).toArray();
    if (due.length === 0) return 0;
    const { deletedCount } = await this.markers.deleteMany({ _id: { $in: due.map((marker) => marker._id) }, appliedAt: { $lt: cutoff } });
    return deletedCount;
  }

  /**
   * Markers written before they carried a time get one now, up to `limit` per sweep: they are
   * forgotten a window after this, never before a duplicate of a recent one could still come.
   * `null` matches a missing field and reads the time index. Once a look finds none, the next waits
   * an hour: only a worker of the older version, still running through a rolling upgrade, writes more.
   */
  private async timeUntimed(limit: number): Promise<void> {
    if (this.allTimedAt !== undefined && this.now() - this.allTimedAt < UNTIMED_RECHECK_MS) return;
    const untimed = await this.markers.find({ appliedAt: null }, { projection: { _id: 1 } }).limit(limit).toArray();
    this.allTimedAt = untimed.length === 0 ? this.now() : undefined;
    if (untimed.length === 0) return;
    await this.markers.updateMany({ _id: { $in: untimed.map((marker) => marker._id) }, appliedAt: null }, { $set: { appliedAt: new Date(this.now()) } });
  }
}
