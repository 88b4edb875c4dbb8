import { open } from 'node:fs/promises';

/** What WalSync needs of a file: node's FileHandle, or a test's count of its calls. */
export interface SyncableFile {
  sync(): Promise<void>;
  close(): Promise<void>;
}

export type OpenForSync = (path: string) => Promise<SyncableFile>;

// Read-write: Windows refuses to flush a file opened only for reading.
const openForSync: OpenForSync = (path) => open(path, 'r+');

interface Waiter {
  ticket: number;
  resolve: () => void;
}

/**
 * Takes the log's appends to the disk without blocking the event loop. The log's connection
 * commits with synchronous=NORMAL (no fsync of its own); after an append, one fsync of the WAL
 * file runs in libuv's thread pool. Appends made while one runs share the next: one in flight
 * and one waiting, however many appends come. An fsync inside each commit (synchronous=FULL)
 * instead held the event loop for it: about 15% more CPU a call at 2000 req/s (docs/benchmarks.md).
 *
 * SQLite keeps the same WAL file while any connection is open (a checkpoint rewinds it, never
 * replaces it), so one handle serves the log's lifetime.
 */
export class WalSync {
  private file: Promise<SyncableFile> | undefined;
  private running: Promise<void> | undefined;
  private requested = 0;
  private synced = 0;
  private waiters: Waiter[] = [];

  constructor(
    private readonly walPath: string,
    /** A failed fsync is reported, not thrown: the append it follows is committed all the same. */
    private readonly onError: (error: unknown) => void,
    private readonly openFile: OpenForSync = openForSync,
  ) {}

  /** Resolves once everything written before the call has been through an fsync that began after it. */
  afterWrite(): Promise<void> {
    const ticket = ++this.requested;
    const done = new Promise<void>((resolve) => this.waiters.push({ ticket, resolve }));
    this.running ??= this.syncWhileBehind();
    return done;
  }

  async close(): Promise<void> {
    await this.running;
    await (await this.file?.catch(() => undefined))?.close();
  }

  private async syncWhileBehind(): Promise<void> {
    while (this.synced < this.requested) {
      const upTo = this.requested;
      try {
        await (await (this.file ??= this.openFile(this.walPath))).sync();
      } catch (error) {
        this.file = undefined;
        this.onError(error);
      }
      this.synced = upTo;
      this.releaseUpTo(upTo);
    }
    this.running = undefined;
  }

  private releaseUpTo(ticket: number): void {
    const released = this.waiters.filter((waiter) => waiter.ticket <= ticket);
    this.waiters = this.waiters.filter((waiter) => waiter.ticket > ticket);
    for (const waiter of released) waiter.resolve();
  }
}
