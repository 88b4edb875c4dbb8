/**
 * Batches handed from a producer (a Kafka consumer's batch handler) to one reader (an async
 * generator), holding at most about `limit` items: `put` waits while the reader is behind, so the
 * producer fetches no further than the reader reads.
 */
export class BatchQueue<T> {
  private readonly batches: T[][] = [];
  private held = 0;
  private ended = false;
  private failure: { error: unknown } | null = null;
  private wakeReader: (() => void) | null = null;
  private wakeWriters: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /**
   * Queues a batch, then waits until the queue holds less than the limit (or is closed). While it
   * waits, `keepAlive` runs every `keepAliveMs` (a consumer's heartbeat, so the broker keeps it).
   */
  async put(batch: T[], keepAlive: () => Promise<void>, keepAliveMs: number): Promise<void> {
    if (this.ended) return;
    if (batch.length > 0) {
      this.batches.push(batch);
      this.held += batch.length;
      this.wake();
    }
    while (this.held >= this.limit && !this.ended) {
      const room = new Promise<void>((resolve) => this.wakeWriters.push(resolve));
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<'tick'>((resolve) => (timer = setTimeout(() => resolve('tick'), keepAliveMs)));
      if ((await Promise.race([room, tick])) === 'tick') await keepAlive();
      clearTimeout(timer);
    }
  }

  /** No more batches: the reader ends once it has taken what is queued. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** The reader gets `error` after what is queued; waiting writers are let go. */
  fail(error: unknown): void {
    this.failure ??= { error };
    this.end();
  }

  /** The next batch, or null once ended and empty. */
  async take(): Promise<T[] | null> {
    for (;;) {
      const batch = this.batches.shift();
      if (batch) {
        this.held -= batch.length;
        if (this.held < this.limit) this.releaseWriters();
        return batch;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wakeReader = resolve));
    }
  }

  private wake(): void {
    this.wakeReader?.();
    this.wakeReader = null;
    if (this.ended) this.releaseWriters();
  }

  private releaseWriters(): void {
    const writers = this.wakeWriters;
    this.wakeWriters = [];
    for (const resolve of writers) resolve();
  }
}
