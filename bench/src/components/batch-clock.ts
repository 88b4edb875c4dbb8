import { performance } from 'node:perf_hooks';

/**
 * Rows (or events) a second from the end of the first batch to the end of the last, the first
 * batch's rows not counted: a consumer group's join (seconds on a fresh broker) is a start-up cost,
 * not a speed, and so is a first batch that waits on it.
 */
export class BatchClock {
  batches = 0;
  private rows = 0;
  private firstEnded = 0;
  private firstRows = 0;
  private lastEnded = 0;

  /** Counts a batch that just ended; returns the rows so far. */
  batchEnded(rows: number): number {
    const now = performance.now();
    if (this.batches++ === 0) {
      this.firstEnded = now;
      this.firstRows = rows;
    }
    this.lastEnded = now;
    this.rows += rows;
    return this.rows;
  }

  rowsPerSecond(): number {
    return (this.rows - this.firstRows) / ((this.lastEnded - this.firstEnded) / 1000);
  }

  /** When the last batch ended, on performance.now()'s clock. */
  get lastEndedAt(): number {
    return this.lastEnded;
  }
}
