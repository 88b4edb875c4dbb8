/**
 * Lets one holder at a time write each of a set of keys (balance documents), in the order they
 * asked: a holder waits only for those that asked before it for one of its keys. All of a
 * holder's keys are queued in one synchronous step, so two holders can never wait for each other.
 */
export class DocumentLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async hold<T>(keys: Iterable<string>, work: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const earlier: Promise<void>[] = [];
    const mine = [...new Set(keys)];
    for (const key of mine) {
      const tail = this.tails.get(key);
      if (tail) earlier.push(tail);
      this.tails.set(key, done);
    }
    try {
      await Promise.all(earlier);
      return await work();
    } finally {
      release();
      for (const key of mine) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }

  /** How many keys are held or waited for; 0 once every holder is done. */
  get size(): number {
    return this.tails.size;
  }
}
